import { afterEach, describe, expect, it } from 'vitest';
import { ProfileSchema } from '../api/index.ts';
import { createMemoryRegistry, DEMO_PROFILE } from '../server/index.ts';
import { type SignUpServer, signInThroughTwitch, startSignUpServer } from '../server/signin/testing/signUpTestKit.ts';
import { type FakeTwitch, startFakeTwitch } from '../server/twitch/testing/fakeTwitch.ts';
import { HELIX_USER } from '../server/twitch/testing/helixExamples.ts';
import { streamerSeed } from './streamerSeed.ts';

const DEMO_TWITCH_ID = DEMO_PROFILE.twitch.user.id;
let fake: FakeTwitch | undefined;
let api: SignUpServer | undefined;
afterEach(async () => {
  await api?.close();
  await fake?.stop();
  api = fake = undefined;
});

describe('streamerSeed', () => {
  it("gives npm start's streamer no Twitch user: twitch.user.id is \"\", the shape unchanged", async () => {
    const { profile } = streamerSeed('site-token').users[0]!;
    expect(profile.twitch.user.id).toBe('');
    expect(Object.keys(profile.twitch.user)).toEqual(Object.keys(DEMO_PROFILE.twitch.user));
    expect(ProfileSchema.safeParse(profile).success).toBe(true);
    expect(await createMemoryRegistry(streamerSeed('site-token')).userIdByTwitchId(DEMO_TWITCH_ID)).toBeUndefined();
  });

  it("with --signup twitch, the demo's Twitch user does not sign in to the streamer's account", async () => {
    fake = await startFakeTwitch();
    fake.users.set(DEMO_TWITCH_ID, { ...HELIX_USER, id: DEMO_TWITCH_ID, login: 'demo_streamer', display_name: 'Demo_Streamer' });
    fake.auth.authorizeAs(DEMO_TWITCH_ID);
    api = await startSignUpServer(fake, { seed: streamerSeed('site-token') });
    const hops = await signInThroughTwitch(api.server.url);
    expect(hops.token).toBeUndefined();
    expect(hops.finished.status).toBe(409);
    expect(await api.server.registry.userIdByTwitchId(DEMO_TWITCH_ID)).toBeUndefined();
  });
});
