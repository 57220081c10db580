import { describe, expect, it } from 'vitest';
import { connectRedis, createRedisStore, type RedisStore, type RedisStoreSpec, waitForRedis } from '../store/index.ts';
import type { TestRedisServer } from '../testing/redisServer.ts';
import { useRedisServer } from '../testing/useRedisServer.ts';
import type { Events } from './createEvents.ts';
import { describeEventStoreContract } from './eventStoreContract.ts';
import { type OpenEventsOptions, openEvents } from './openEvents.ts';

let server: TestRedisServer;
let spec: RedisStoreSpec;
useRedisServer((started) => ({ server, spec } = started));

async function instance(options?: OpenEventsOptions): Promise<{ store: RedisStore; events: Events; close(): Promise<void> }> {
  const redis = await connectRedis(spec, { log: () => {}, commandTimeoutMs: 2000 });
  await waitForRedis(redis);
  const store = createRedisStore({ redis });
  const events = await openEvents(store, options);
  return { store, events, close: () => events.close().then(() => store.close()) };
}

describeEventStoreContract('redis', async (options) => {
  const fresh = await instance(options);
  await fresh.store.redis.flushdb();
  return fresh;
});

const raid = (id: string) => ({ type: 'channel.raid', event: { viewers: 1 }, source: 'api' as const, id });

describe('redis event log', () => {
  it('is shared by instances: one id stored once across them, delivered once to a socket on the other, in order', async () => {
    const [a, b] = await Promise.all([instance(), instance()]);
    try {
      await a.store.redis.flushdb();
      const sent: Buffer[] = [];
      const subscription = await b.events.subscribe('1001', undefined, (message) => sent.push(message));
      subscription.begin();
      const posts = Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).events.append('1001', raid(`id-${i % 20}`)));
      const results = await Promise.all(posts);
      expect(results.filter((result) => result.created)).toHaveLength(20);
      const stored = (await a.events.list('1001', { limit: 100 })).events;
      for (let waited = 0; sent.length < 20 && waited < 200; waited++) await new Promise((resolve) => setTimeout(resolve, 10));
      const heard = sent.map((message) => JSON.parse(message.toString()) as { cursor: string; event: { id: string } });
      expect(heard.map((m) => [m.cursor, m.event.id])).toEqual(stored.map((e) => [e.cursor, e.record.id]));
      subscription.leave();
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('keeps events and cursors across a Redis restart (AOF)', async () => {
    let first = await instance();
    await first.store.redis.flushdb();
    const { cursor } = await first.events.append('1001', raid('before'));
    await first.close();
    await server.restart();
    first = await instance();
    try {
      await first.events.append('1001', raid('after'));
      expect((await first.events.append('1001', raid('before'))).created).toBe(false);
      const page = await first.events.list('1001', { after: cursor, limit: 10 });
      expect(page).toMatchObject({ gap: false });
      expect(page.events.map((e) => e.record.id)).toEqual(['after']);
    } finally {
      await first.close();
    }
  });
});
