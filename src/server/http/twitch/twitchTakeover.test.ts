import { describe, expect, it } from 'vitest';
import { DEMO_PROFILE, DEMO_TOKENS } from '../../registry/index.ts';
import { signInThroughTwitch, useSignUpServers } from '../../signin/testing/signUpTestKit.ts';
import { HELIX_USER } from '../../twitch/testing/helixExamples.ts';

// Connect Twitch must never take over another account's sign-in: one Twitch user belongs to one account.
const bed = useSignUpServers([
  HELIX_USER,
  { ...HELIX_USER, id: '4242', login: 'other_streamer', display_name: 'Other_Streamer' },
]);

const STORES = { memory: () => 'memory', sqlite: () => `sqlite:${bed.redis.dir}/takeover-${Math.random().toString(36).slice(2)}.sqlite`, redis: () => bed.redis.url };

async function start(store: string) {
  const sleep = () => new Promise<void>((done) => setTimeout(done, 5));
  return (await bed.start({ store, sleep })).server;
}

const call = (url: string, method: string, path: string, token: string) => fetch(`${url}${path}`, { method, headers: { Authorization: `Bearer ${token}` } });
const twitchState = async (url: string, token: string) => (await call(url, 'GET', '/me/twitch', token)).json() as Promise<{ state: string; refusal?: string }>;
const userIdOf = async (url: string, token: string) => ((await (await call(url, 'GET', '/me', token)).json()) as { user: { userId: string } }).user.userId;

/** `Connect Twitch` for the token's account, approved on Twitch by `twitchUserId`; resolves once the server no longer waits. */
async function connectTwitch(url: string, token: string, twitchUserId: string) {
  const started = await call(url, 'POST', '/me/twitch/login', token);
  expect(started.status).toBe(200);
  bed.fake.auth.approve(((await started.json()) as { userCode: string }).userCode, twitchUserId);
  await expect.poll(async () => (await twitchState(url, token)).state).not.toBe('pending');
  return twitchState(url, token);
}

describe.each(Object.entries(STORES))('Connect Twitch cannot take over a sign-in (%s store)', (_label, storeOf) => {
  it('refuses a Twitch user who signed up on another account: nothing stored, GET /me/twitch says why, and X still lands in X\'s account', async () => {
    const server = await start(storeOf());
    const signedUp = await signInThroughTwitch(server.url);
    expect(await userIdOf(server.url, signedUp.token!)).toBe('1337');
    const state = await connectTwitch(server.url, DEMO_TOKENS.website, '1337');
    expect(state).toEqual({ state: 'not logged in', message: expect.any(String), refusal: expect.stringContaining('user1337 is already connected to another account') });
    expect(await server.registry.userIdByTwitchId('1337')).toBe('1337');
    expect((await server.registry.profile(DEMO_PROFILE.user.userId))?.twitch.user.id).toBe(DEMO_PROFILE.twitch.user.id);
    const root = (await (await fetch(`${server.url}/`, { headers: { Accept: 'application/json' } })).json()) as { twitch: Array<{ userId: string }> };
    expect(root.twitch.map(({ userId }) => userId)).toEqual(['1337']);
    const again = await signInThroughTwitch(server.url);
    expect(await userIdOf(server.url, again.token!)).toBe('1337');
    // A new try clears the refusal while it waits; the account's own Twitch connects as before.
    expect((await connectTwitch(server.url, DEMO_TOKENS.website, '4242')).refusal).toBeUndefined();
  });

  it('an account made by signing in with Twitch X connects X only', async () => {
    const server = await start(storeOf());
    const { token } = await signInThroughTwitch(server.url);
    await expect.poll(async () => (await twitchState(server.url, token!)).state).toBe('connected');
    const refused = await connectTwitch(server.url, token!, '4242');
    expect(refused).toEqual({ state: 'connected', refusal: expect.stringContaining('made by signing in with another Twitch account') });
    expect(await server.registry.userIdByTwitchId('4242')).toBeUndefined();
    expect((await server.registry.profile('1337'))?.twitch.user.id).toBe('1337');
    expect(await connectTwitch(server.url, token!, '1337')).toEqual({ state: 'connected' });
  });

  it('a Twitch user connected to an account with Connect Twitch signs in to that account, never a new one', async () => {
    const server = await start(storeOf());
    expect(await connectTwitch(server.url, DEMO_TOKENS.website, '4242')).toEqual({ state: 'connected' });
    bed.fake.auth.authorizeAs('4242');
    const signedIn = await signInThroughTwitch(server.url);
    expect(await userIdOf(server.url, signedIn.token!)).toBe(DEMO_PROFILE.user.userId);
    expect(await server.registry.profile('4242')).toBeUndefined();
  });
});
