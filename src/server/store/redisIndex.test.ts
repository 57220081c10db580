import type { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import type { RedisStoreSpec } from './parseStoreUrl.ts';
import { openLiveChanges } from '../live/index.ts';
import { useRedisServer } from '../testing/useRedisServer.ts';
import { backfillIndex } from './backfillIndex.ts';
import type { DataAddress } from './DataStore.ts';
import { connectRedis, waitForRedis } from './redisConnection.ts';
import { dataKey } from './redisKeys.ts';
import { createRedisStore, type RedisStore } from './redisStore.ts';

let spec: RedisStoreSpec;
const open: RedisStore[] = [];
useRedisServer((started) => ({ spec } = started));
afterEach(async () => {
  await Promise.all(open.splice(0).map((store) => store.close()));
});

/** A store on an emptied database; without the background pass, so that these tests see each space's own backfill. */
async function freshStore(valueTtlSeconds?: number, wrap: (redis: Redis) => Redis = (redis) => redis): Promise<RedisStore> {
  const redis = await connectRedis(spec, { log: () => {} });
  await waitForRedis(redis);
  await redis.flushdb();
  const store = createRedisStore({ redis: wrap(redis), valueTtlSeconds, batchSize: 7, backfillInBackground: false });
  open.push(store);
  return store;
}

const at = (name: string, moduleId = 'a.mod'): DataAddress => ({ userId: '1001', kind: 'tool', moduleId, name });
const NAMES = 'index:names:1001:tool:a.mod';
const MODULES = 'index:modules:1001:tool';
const names = (entries: { name: string }[]) => entries.map((entry) => entry.name);

/** Values as the store wrote them before it kept an index: the data key only. */
async function writeUnindexed(redis: Redis, count: number, moduleId = 'a.mod'): Promise<string[]> {
  const written = Array.from({ length: count }, (_, i) => `old-${String(i).padStart(3, '0')}`);
  for (const name of written) await redis.set(dataKey(at(name, moduleId)), JSON.stringify(name));
  return written;
}

describe('redis store index', () => {
  it('reads a module without walking the keyspace: other users\' keys are never scanned', async () => {
    const store = await freshStore();
    await store.set(at('x'), '1');
    await store.listModule!('1001', 'tool', 'a.mod');
    for (let i = 0; i < 50; i++) await store.set({ ...at(`n${i}`), userId: `u${i}` }, '2');
    const before = Number((await store.redis.info('commandstats')).match(/cmdstat_scan:calls=(\d+)/)?.[1] ?? 0);
    expect(await store.listModule!('1001', 'tool', 'a.mod')).toEqual([{ moduleId: 'a.mod', name: 'x', json: '1' }]);
    expect(await store.list('1001', 'tool')).toEqual([{ moduleId: 'a.mod', name: 'x', json: '1' }]);
    const after = Number((await store.redis.info('commandstats')).match(/cmdstat_scan:calls=(\d+)/)?.[1] ?? 0);
    expect(after).toBe(before);
  });

  it('with a value TTL, gives the index sets the same TTL and renews it on each write', async () => {
    const ttl = 30 * 86_400;
    const store = await freshStore(ttl);
    await store.set(at('a'), '1');
    await store.redis.expire(NAMES, 5);
    await store.redis.expire(MODULES, 5);
    await store.set(at('b'), '2');
    for (const key of [NAMES, MODULES, dataKey(at('a')), dataKey(at('b'))]) expect(await store.redis.ttl(key)).toBeGreaterThan(ttl - 10);
    expect(names(await store.listModule!('1001', 'tool', 'a.mod'))).toEqual(['a', 'b']);
  });

  it('does not return expired values, and prunes them from the index; a module with none left leaves its space\'s set', async () => {
    const store = await freshStore(3600);
    await store.set(at('keep'), '1');
    await store.set(at('gone'), '2');
    await store.set(at('only', 'b.mod'), '3');
    await store.redis.pexpire(dataKey(at('gone')), 1);
    await store.redis.pexpire(dataKey(at('only', 'b.mod')), 1);
    await expect.poll(() => store.redis.exists(dataKey(at('gone')), dataKey(at('only', 'b.mod')))).toBe(0);
    expect(await store.listModule!('1001', 'tool', 'a.mod')).toEqual([{ moduleId: 'a.mod', name: 'keep', json: '1' }]);
    expect(await store.redis.smembers(NAMES)).toEqual(['keep']);
    expect(await store.list('1001', 'tool')).toEqual([{ moduleId: 'a.mod', name: 'keep', json: '1' }]);
    expect(await store.redis.smembers(MODULES)).toEqual(['a.mod']);
    expect(await store.redis.exists('index:names:1001:tool:b.mod')).toBe(0);
  });

  it('finds values written before the index existed, with one pass, marked done', async () => {
    const store = await freshStore();
    const old = await writeUnindexed(store.redis, 20);
    await writeUnindexed(store.redis, 3, 'b.mod');
    await store.set(at('new'), '"new"');
    expect(names(await store.listModule!('1001', 'tool', 'a.mod'))).toEqual(['new', ...old]);
    expect(await store.redis.get('index:backfill:1001:tool')).toBe('done');
    expect((await store.list('1001', 'tool')).filter((entry) => entry.moduleId === 'b.mod')).toHaveLength(3);
  });

  it('goes on from where an interrupted backfill stopped, and still finds everything', async () => {
    const store = await freshStore();
    const old = await writeUnindexed(store.redis, 60);
    let scans = 0;
    const failing = new Proxy(store.redis, {
      get(target, key) {
        if (key !== 'scan') return Reflect.get(target, key);
        return (...args: unknown[]) => (++scans === 3 ? Promise.reject(new Error('connection lost')) : (target.scan as (...a: unknown[]) => unknown)(...args));
      },
    });
    await expect(backfillIndex(failing, { userId: '1001', kind: 'tool', batchSize: 7 })).rejects.toThrow('connection lost');
    const progress = await store.redis.get('index:backfill:1001:tool');
    expect(progress).toMatch(/^[0-9a-f]{40}:[1-9]\d*$/);
    expect(names(await store.listModule!('1001', 'tool', 'a.mod'))).toEqual(old);
    expect(await store.redis.get('index:backfill:1001:tool')).toBe('done');
  });

  it('starts a pass over when its stored cursor came from another Redis process (a restart, a failover), and misses nothing', async () => {
    const store = await freshStore();
    const old = await writeUnindexed(store.redis, 60);
    // A real cursor past the first keys: resumed, it would skip them, as a cursor another process gave may.
    const [skipping] = await store.redis.scan('0', 'MATCH', 'database:*', 'COUNT', 7);
    for (const stored of [skipping, `${'f'.repeat(40)}:${skipping}`]) {
      await store.redis.del(NAMES, MODULES);
      await store.redis.set('index:backfill:1001:tool', stored);
      expect(names(await store.listModule!('1001', 'tool', 'a.mod'))).toEqual(old);
      expect(await store.redis.get('index:backfill:1001:tool')).toBe('done');
    }
  });

  it('loses no write made while the backfill runs', async () => {
    let during: (() => Promise<void>) | undefined;
    const store = await freshStore(undefined, (redis) =>
      new Proxy(redis, {
        get(target, key) {
          if (key !== 'scan') return Reflect.get(target, key);
          // Between two steps of the pass: the writes land after it has read the first keys and before it ends.
          return async (...args: unknown[]) => {
            const reply = await (target.scan as (...a: unknown[]) => Promise<unknown>)(...args);
            const writes = during;
            during = undefined;
            await writes?.();
            return reply;
          };
        },
      }),
    );
    const old = await writeUnindexed(store.redis, 40);
    during = async () => {
      await Promise.all([store.set(at('during-1'), '"d1"'), store.set(at(old[0]!), '"rewritten"'), store.set(at('during-2', 'c.mod'), '"d2"')]);
    };
    const first = await store.listModule!('1001', 'tool', 'a.mod');
    expect(during).toBeUndefined();
    expect(names(first)).toEqual(['during-1', ...old]);
    expect(first.find((entry) => entry.name === old[0])?.json).toBe('"rewritten"');
    expect(names(await store.listModule!('1001', 'tool', 'c.mod'))).toEqual(['during-2']);
  });

  it('indexes the writes the live feed makes in its script, TTL included', async () => {
    const store = await freshStore(3600);
    const live = await openLiveChanges(store);
    try {
      await live.store.set(at('live'), '"x"', 'a.mod');
      expect(await store.redis.smembers(NAMES)).toEqual(['live']);
      expect(await store.redis.ttl(NAMES)).toBeGreaterThan(3590);
      expect(await store.redis.ttl(MODULES)).toBeGreaterThan(3590);
      expect(await live.store.listModule!('1001', 'tool', 'a.mod')).toEqual([{ moduleId: 'a.mod', name: 'live', json: '"x"' }]);
    } finally {
      await live.feed.close();
    }
  });
});
