import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PROFILE } from '../registry/index.ts';
import { type RunningApiServer, startApiServer } from '../startApiServer.ts';
import { closeRedis, connectRedis, parseStoreUrl, waitForRedis } from '../store/index.ts';
import { startRedisServer, type TestRedisServer } from '../testing/redisServer.ts';
import { createTwitchLink } from './createTwitchLink.ts';
import { createRedisCredentialStore } from './redisCredentialStore.ts';
import type { FakeTwitch } from './testing/fakeTwitch.ts';
import { createTestEventStore } from './testing/memoryEventStore.ts';
import { loggedIn, startStreamerFake } from './testing/twitchTestKit.ts';

const USER = DEMO_PROFILE.user.userId;
let fake: FakeTwitch;
let redis: TestRedisServer;
beforeAll(async () => {
  fake = await startStreamerFake({ live: false });
  redis = await startRedisServer();
});
afterAll(async () => {
  await fake.stop();
  await redis.dispose();
});

describe('createTwitchLink on the redis store', () => {
  it('two API instances share the login from Redis, and exactly one opens the session', async () => {
    const client = await connectRedis({ type: 'redis', host: '127.0.0.1', port: redis.port, db: 0, tls: false });
    await waitForRedis(client);
    await createRedisCredentialStore(client).set(USER, loggedIn(fake));
    await closeRedis(client);
    const instances: { server: RunningApiServer; link: ReturnType<typeof createTwitchLink> }[] = [];
    try {
      for (const _ of [1, 2]) {
        const link = createTwitchLink();
        const server = await startApiServer({ store: redis.url, twitchRoutes: { twitchStates: link.states } });
        instances.push({ server, link });
        const settings = { clientId: fake.clientId };
        await link.start({ settings, storeSpec: parseStoreUrl(redis.url), store: server.store, registry: server.registry, events: createTestEventStore(), log: () => {} });
      }
      await vi.waitFor(() => expect(fake.subscriptions.size).toBe(11), { timeout: 10_000 });
      const states = await Promise.all(instances.map(async ({ server }) => (await (await fetch(`${server.url}/`)).json()).twitch[0].state));
      expect(states.sort()).toEqual(['connected', 'elsewhere']);
      expect(new Set(fake.socket.connections).size).toBe(1);
    } finally {
      for (const { server, link } of instances) {
        await link.stop();
        await server.close();
      }
    }
  }, 30_000);
});
