import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRegistry, createRedisRegistry, DEMO_PROFILE, DEMO_SEED, DEMO_TOKENS, type Registry } from '../registry/index.ts';
import { closeRedis, connectRedis, waitForRedis } from '../store/index.ts';
import { startTestServer } from '../testing/apiTestClient.ts';
import { connectLive } from '../testing/liveTestClient.ts';
import { startRedisServer, type TestRedisServer } from '../testing/redisServer.ts';
import { createRedisCredentialStore } from './redisCredentialStore.ts';
import { createRedisLease } from './redisLease.ts';
import { type RunningTwitch, startTwitch } from './startTwitch.ts';
import { EVENTSUB_EXAMPLES } from './testing/eventSubExamples.ts';
import type { FakeTwitch } from './testing/fakeTwitch.ts';
import { HELIX_STREAM, HELIX_USER } from './testing/helixExamples.ts';
import { createTestEventStore } from './testing/memoryEventStore.ts';
import { loggedIn, startStreamerFake } from './testing/twitchTestKit.ts';
import { createMemoryCredentialStore } from './memoryCredentialStore.ts';

const USER = DEMO_PROFILE.user.userId;
const NOW = Date.parse('2021-03-10T17:34:21Z');
let fake: FakeTwitch;
const running: RunningTwitch[] = [];
beforeEach(async () => {
  fake = await startStreamerFake();
  // After each test: the sessions it started, then the fake they talked to.
  return async () => {
    for (const twitch of running.splice(0)) await twitch.stop();
    await fake.stop();
  };
});

async function start(registry: Registry, extra: Partial<Parameters<typeof startTwitch>[0]> = {}) {
  const credentials = extra.credentials ?? createMemoryCredentialStore();
  if (!extra.credentials) await credentials.set(USER, loggedIn(fake));
  const events = createTestEventStore();
  const log: string[] = [];
  const twitch = await startTwitch({ clientId: fake.clientId, credentials, events, registry, now: () => NOW, log: (line) => log.push(line), ...extra });
  running.push(twitch);
  return { twitch, events, log };
}

describe('startTwitch', () => {
  it('fills the profile from Helix at start, and turns it offline on stream.offline', async () => {
    const registry = createMemoryRegistry(DEMO_SEED);
    const { events, twitch } = await start(registry);
    await vi.waitFor(async () => expect((await registry.profile(USER))?.twitch.user.id).toBe('1337'));
    const profile = (await registry.profile(USER))!;
    expect(profile.twitch.user).toMatchObject({ id: '1337', name: 'cool_user', broadcasterType: 'affiliate', pb: HELIX_USER.profile_image_url, offlineImg: HELIX_USER.offline_image_url });
    expect(profile.twitch.stream).toMatchObject({
      id: '40952121085',
      status: 'live',
      viewer: 78365,
      title: 'Hey chat!',
      language: 'en',
      game: { id: '509658', name: 'Just Chatting' },
      preview: 'https://static-cdn.jtvnw.net/previews-ttv/live_user_cool_user-1920x1080.jpg',
      uptime: { startedAt: '2021-03-10T15:04:21Z', startedAtUnix: Date.parse('2021-03-10T15:04:21Z'), converted: '02:30h' },
    });
    expect(await twitch.states()).toEqual([{ userId: USER, login: 'user1337', state: 'connected' }]);
    await vi.waitFor(() => expect(fake.subscriptions.size).toBe(11));
    fake.streams.delete('1337');
    fake.notify('stream.offline', EVENTSUB_EXAMPLES['stream.offline']);
    await vi.waitFor(async () => expect((await registry.profile(USER))?.twitch.stream.status).toBe('offline'));
    expect((await registry.profile(USER))?.twitch.stream).toMatchObject({
      viewer: 0,
      title: 'Offline title',
      language: 'de',
      game: { id: '12453', name: 'Grand Theft Auto' },
      lastStream: { uptime: '02:30h', title: 'Hey chat!', startedAt: '2021-03-10T15:04:21Z' },
    });
    expect(events.records(USER).map((r) => r.subscription.type)).toEqual(['stream.offline']);
  });

  it('reads the viewer count again every viewerEveryMs while live', async () => {
    const registry = createMemoryRegistry(DEMO_SEED);
    await start(registry, { viewerEveryMs: 200 });
    await vi.waitFor(async () => expect((await registry.profile(USER))?.twitch.stream.viewer).toBe(78365));
    fake.streams.set('1337', { ...HELIX_STREAM, viewer_count: 120 });
    await vi.waitFor(async () => expect((await registry.profile(USER))?.twitch.stream.viewer).toBe(120));
  });

  it('shows "Twitch: log in again" and logs it once when the refresh is refused', async () => {
    const registry = createMemoryRegistry(DEMO_SEED);
    const { twitch, log } = await start(registry);
    await vi.waitFor(() => expect(fake.subscriptions.size).toBe(11));
    fake.auth.expireAccessTokens();
    fake.auth.refuseRefreshes();
    fake.socket.close(4000);
    await vi.waitFor(async () => expect(await twitch.states()).toEqual([{ userId: USER, login: 'user1337', state: 'Twitch: log in again' }]), { timeout: 10_000 });
    await twitch.check();
    await twitch.check();
    expect(log.filter((line) => line.startsWith('Twitch: log in again'))).toEqual([`Twitch: log in again (user ${USER}): run npm run twitch-login -- --user ${USER}`]);
  }, 20_000);
  it('starts no EventSub for a login whose Twitch user belongs to another account, and says so once', async () => {
    const registry = createMemoryRegistry(DEMO_SEED);
    const owner = { ...structuredClone(DEMO_PROFILE), user: { ...DEMO_PROFILE.user, userId: '1337' }, overlays: { game: 'g-1337', tool: 't-1337', background: 'b-1337', event: 'e-1337' }, streamdeck: { token: 'deck-1337' } };
    owner.twitch.user.id = '1337';
    expect(await registry.createUser(owner)).toBe(true);
    const { twitch, log } = await start(registry);
    await twitch.check();
    expect(fake.subscriptions.size).toBe(0);
    expect(log.filter((line) => line.includes('connected to another account'))).toEqual([
      `Twitch: the login of user ${USER} is Twitch user 1337, who is connected to another account: no EventSub for it`,
    ]);
    expect((await registry.profile(USER))?.twitch.user.id).toBe(DEMO_PROFILE.twitch.user.id);
  });
});

describe('the Twitch refresh on a running server', () => {
  it('sends its profile news: a running overlay hears the Helix profile at once, not at its next refresh', async () => {
    const api = await startTestServer({ seed: DEMO_SEED, live: { pingIntervalMs: 60_000 } });
    try {
      const game = await connectLive(api.server.url);
      await game.auth(DEMO_TOKENS.game);
      await start(api.server.registry);
      expect(await game.next(10_000)).toEqual({ type: 'profile' });
      expect((await api.server.registry.profile(USER))?.twitch.user.id).toBe('1337');
      await game.close();
    } finally {
      await api.server.close();
    }
  });
});

describe('startTwitch with Redis and two instances', () => {
  let redis: TestRedisServer;
  beforeEach(async () => {
    redis = await startRedisServer();
  });
  afterEach(() => redis.dispose());

  it('opens exactly one session, and another instance takes over when its holder dies', async () => {
    const clients = await Promise.all([1, 2].map(async () => {
      const client = await connectRedis({ type: 'redis', host: '127.0.0.1', port: redis.port, db: 0, tls: false });
      await waitForRedis(client);
      return client;
    }));
    const credentials = createRedisCredentialStore(clients[0]!);
    await credentials.set(USER, loggedIn(fake));
    const registry = await createRedisRegistry(DEMO_SEED, { redis: clients[0]! });
    const dying = createRedisLease(clients[0]!, { ttlMs: 1500 });
    // A holder that dies never releases: its lease must run out by itself.
    const first = await start(registry, { credentials, lease: { hold: dying.hold, release: async () => {} }, checkEveryMs: 300 });
    const second = await start(registry, { credentials: createRedisCredentialStore(clients[1]!), lease: createRedisLease(clients[1]!, { ttlMs: 1500 }), checkEveryMs: 300 });
    await vi.waitFor(() => expect(fake.subscriptions.size).toBe(11));
    await new Promise((done) => setTimeout(done, 1000));
    expect(new Set(fake.socket.connections).size).toBe(1);
    expect((await first.twitch.states())[0]?.state).toBe('connected');
    expect((await second.twitch.states())[0]?.state).toBe('elsewhere');
    await first.twitch.stop();
    await vi.waitFor(async () => expect((await second.twitch.states())[0]?.state).toBe('connected'), { timeout: 5000 });
    await vi.waitFor(() => expect(new Set(fake.socket.connections).size).toBe(2));
    for (const client of clients) await closeRedis(client);
  }, 20_000);
});
