import { describe, expect, it } from 'vitest';
import type { TestRedisServer } from '../testing/redisServer.ts';
import { useRedisServer } from '../testing/useRedisServer.ts';
import { StoreUnavailableError } from './DataStore.ts';
import type { RedisStoreSpec } from './parseStoreUrl.ts';
import { connectRedis, waitForRedis } from './redisConnection.ts';
import { createRedisStore, openRedisStore, type RedisStore } from './redisStore.ts';
import { describeStoreContract } from './storeContract.ts';

let server: TestRedisServer;
let spec: RedisStoreSpec;
useRedisServer((started) => ({ server, spec } = started));

/** A store on an emptied database; quiet, since these tests stop Redis on purpose. */
async function freshStore(over: Partial<RedisStoreSpec> = {}, lines: string[] = [], commandTimeoutMs = 1000): Promise<RedisStore> {
  const redis = await connectRedis({ ...spec, ...over }, { log: (line) => lines.push(line), commandTimeoutMs });
  await waitForRedis(redis);
  await redis.flushdb();
  return createRedisStore({ redis, valueTtlSeconds: over.valueTtlSeconds, batchSize: 7, log: (line) => lines.push(line) });
}

describeStoreContract('redis', () => freshStore());

describe('redis store', () => {
  const addr = { userId: '1001', kind: 'tool', moduleId: 'de.example.tool.raid', name: 'a:b' } as const;

  it('lays keys out as database:<userId>:<kind>:<moduleId>:<name>, values as JSON text, no expiry by default', async () => {
    const lines: string[] = [];
    const store = await freshStore({}, lines);
    try {
      await store.set(addr, '{"n":1}');
      // The start-up pass that indexes older values, done at once on an empty Redis.
      await expect.poll(() => store.redis.get('index:complete')).toBe('1');
      // The value, and its index: the names of its module, the modules of its space.
      expect((await store.redis.keys('*')).sort()).toEqual([
        'database:1001:tool:de.example.tool.raid:a:b',
        'index:backfill-all',
        'index:complete',
        'index:modules:1001:tool',
        'index:names:1001:tool:de.example.tool.raid',
      ]);
      expect(await store.redis.get('database:1001:tool:de.example.tool.raid:a:b')).toBe('{"n":1}');
      expect(await store.redis.smembers('index:names:1001:tool:de.example.tool.raid')).toEqual(['a:b']);
      expect(await store.redis.smembers('index:modules:1001:tool')).toEqual(['de.example.tool.raid']);
      for (const key of await store.redis.keys('*')) expect(await store.redis.ttl(key)).toBe(-1);
    } finally {
      await store.close();
    }
    // Closing is no outage.
    expect(lines).toEqual([]);
  });

  it('lists a user whose id holds glob characters and colons without seeing look-alike users', async () => {
    const store = await freshStore();
    try {
      const odd = { ...addr, userId: 'a*b?[c]\\:%' };
      await store.set(odd, '1');
      for (const userId of ['aXb?[c]\\:%', 'a*b?[c]\\', 'a*b?[c]\\:%:tool', 'a']) await store.set({ ...addr, userId }, '2');
      expect(await store.list(odd.userId, 'tool')).toEqual([{ moduleId: addr.moduleId, name: 'a:b', json: '1' }]);
      expect(await store.get(odd)).toBe('1');
    } finally {
      await store.close();
    }
  });

  it('with a value TTL, sets it on every write and renews it on the next', async () => {
    const store = await freshStore({ valueTtlSeconds: 30 * 86_400 });
    try {
      await store.set(addr, '1');
      const key = 'database:1001:tool:de.example.tool.raid:a:b';
      await store.redis.expire(key, 5);
      await store.set(addr, '2');
      expect(await store.redis.ttl(key)).toBeGreaterThan(30 * 86_400 - 5);
    } finally {
      await store.close();
    }
  });

  it('refuses a bad TTL', () => {
    expect(() => createRedisStore({ redis: {} as never, valueTtlSeconds: 0 })).toThrow(RangeError);
  });

  it('warns at open when Redis runs without fsync on every write', async () => {
    const lines: string[] = [];
    const store = await openRedisStore(spec, { log: (line) => lines.push(line) });
    try {
      expect(lines).toEqual([]);
      await store.redis.config('SET', 'appendfsync', 'everysec');
      await (await openRedisStore(spec, { log: (line) => lines.push(line) })).close();
      expect(lines).toEqual([expect.stringMatching(/appendfsync everysec: a power cut may lose the last 1-2 s/)]);
    } finally {
      await store.redis.config('SET', 'appendfsync', 'always');
      await store.close();
    }
  });
});

describe('redis store while Redis is away', () => {
  const addr = { userId: '1001', kind: 'event', moduleId: 'm', name: 'n' } as const;

  it('rejects with StoreUnavailableError at once when Redis is down, and recovers by itself', async () => {
    const lines: string[] = [];
    // A command timeout far beyond the bound below: a rejection within it came from the closed connection, not the timeout.
    const store = await freshStore({}, lines, 20_000);
    try {
      await store.set(addr, '"before"');
      await expect.poll(() => store.redis.get('index:complete')).toBe('1');
      await server.stop('SIGKILL');
      const started = performance.now();
      await expect(store.get(addr)).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(store.set(addr, '1')).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(store.list('1001', 'event')).rejects.toBeInstanceOf(StoreUnavailableError);
      expect(performance.now() - started).toBeLessThan(10_000);
      await server.restart();
      await expect.poll(() => store.get(addr).catch((error: Error) => error.name), { interval: 50, timeout: 5000 }).toBe('"before"');
      expect(lines).toEqual([expect.stringMatching(/unreachable.*answering 503/), expect.stringMatching(/is back after/)]);
    } finally {
      await store.close();
    }
  });

  it('rejects after the command timeout when Redis hangs, and serves once it wakes', async () => {
    const store = await freshStore();
    try {
      server.signal('SIGSTOP');
      const started = performance.now();
      await expect(store.set(addr, '2')).rejects.toThrow(/redis unavailable: Command timed out/);
      // Not before the timeout (1 s), and not left waiting on a Redis that never answers.
      expect(performance.now() - started).toBeGreaterThanOrEqual(900);
      expect(performance.now() - started).toBeLessThan(10_000);
      server.signal('SIGCONT');
      const written = () => store.set(addr, '3').then(() => 'written', (error: Error) => error.name);
      await expect.poll(written, { interval: 50, timeout: 5000 }).toBe('written');
      expect(await store.get(addr)).toBe('3');
    } finally {
      server.signal('SIGCONT');
      await store.close();
    }
  });
});

