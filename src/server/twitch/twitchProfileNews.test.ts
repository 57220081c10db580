import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PROFILE, DEMO_SEED, DEMO_TOKENS } from '../registry/index.ts';
import { startTestServer } from '../testing/apiTestClient.ts';
import { connectLive } from '../testing/liveTestClient.ts';
import { createMemoryCredentialStore } from './memoryCredentialStore.ts';
import { type RunningTwitch, startTwitch } from './startTwitch.ts';
import { type FakeTwitch, startFakeTwitch } from './testing/fakeTwitch.ts';
import { HELIX_CHANNEL, HELIX_STREAM, HELIX_USER } from './testing/helixExamples.ts';
import { createTestEventStore } from './testing/memoryEventStore.ts';
import { loggedIn } from './testing/twitchTestKit.ts';

const USER = DEMO_PROFILE.user.userId;
let fake: FakeTwitch;
let twitch: RunningTwitch | undefined;
beforeEach(async () => {
  fake = await startFakeTwitch();
  process.env.TWURPLE_MOCK_API_PORT = String(fake.port);
  fake.users.set('1337', HELIX_USER);
  fake.streams.set('1337', HELIX_STREAM);
  fake.channels.set('1337', HELIX_CHANNEL);
});
afterEach(async () => {
  await twitch?.stop();
  await fake.stop();
});

describe('the Twitch refresh on a running server', () => {
  it('sends its profile news: a running overlay hears the Helix profile at once, not at its next refresh', async () => {
    const api = await startTestServer({ seed: DEMO_SEED, live: { pingIntervalMs: 60_000 } });
    try {
      const game = await connectLive(api.server.url);
      await game.auth(DEMO_TOKENS.game);
      const credentials = createMemoryCredentialStore();
      await credentials.set(USER, loggedIn(fake));
      twitch = await startTwitch({ clientId: fake.clientId, credentials, events: createTestEventStore(), registry: api.server.registry, log: () => {} });
      expect(await game.next(10_000)).toEqual({ type: 'profile' });
      expect((await api.server.registry.profile(USER))?.twitch.user.id).toBe('1337');
      await game.close();
    } finally {
      await api.server.close();
    }
  });
});
