import type { Redis } from 'ioredis';
import type { DataStore, StoredEntry } from './DataStore.ts';
import { compareEntries } from './compareEntries.ts';
import type { RedisStoreSpec } from './parseStoreUrl.ts';
import { closeRedis, connectRedis, describeRedis, type RedisConnectionOptions, waitForRedis } from './redisConnection.ts';
import { warnAboutDurability } from './redisDurability.ts';
import { dataKey, modulePattern, parseDataKey, spacePattern, spacePrefix } from './redisKeys.ts';
import { guardRedis } from './redisUnavailable.ts';

/** A DataStore on Redis; its connection is shared with the redis registry of the same process. */
export interface RedisStore extends DataStore {
  readonly redis: Redis;
  /** Seconds a value lives after its last write; undefined: forever. */
  readonly valueTtlSeconds?: number;
}

export interface RedisStoreOptions {
  /** A connected (or connecting) client; `close()` closes it. */
  redis: Redis;
  /** Seconds a value lives after its last write; every write renews it. @default undefined: values never expire */
  valueTtlSeconds?: number;
  /** Keys asked for per SCAN step and per MGET in `list`. @default 500 */
  batchSize?: number;
}

/**
 * Values under `database:<userId>:<kind>:<moduleId>:<name>` as JSON strings.
 * A `set` resolves when Redis has answered OK, i.e. once the write is in its AOF
 * (fsynced first with `appendfsync always`: see docs/deploying.md).
 */
export function createRedisStore({ redis, valueTtlSeconds, batchSize = 500 }: RedisStoreOptions): RedisStore {
  if (valueTtlSeconds !== undefined && !(Number.isSafeInteger(valueTtlSeconds) && valueTtlSeconds > 0)) {
    throw new RangeError('valueTtlSeconds must be a positive integer');
  }
  let closed = false;
  const ensureOpen = () => {
    if (closed) throw new Error('redis store is closed');
  };
  return {
    kind: 'redis',
    redis,
    valueTtlSeconds,
    async get(addr) {
      ensureOpen();
      return (await guardRedis(() => redis.get(dataKey(addr)))) ?? undefined;
    },
    async set(addr, json) {
      ensureOpen();
      const key = dataKey(addr);
      await guardRedis(() => (valueTtlSeconds ? redis.set(key, json, 'EX', valueTtlSeconds) : redis.set(key, json)));
    },
    async list(userId, kind) {
      ensureOpen();
      return guardRedis(() => listSpace(redis, spacePrefix(userId, kind), spacePattern(userId, kind), batchSize));
    },
    async listModule(userId, kind, moduleId) {
      ensureOpen();
      const prefix = spacePrefix(userId, kind);
      return guardRedis(() => listSpace(redis, prefix, modulePattern(userId, kind, moduleId), batchSize));
    },
    async close() {
      if (closed) return;
      closed = true;
      await closeRedis(redis);
    },
  };
}

/**
 * Every entry under one prefix: SCAN (which may return a key twice, hence the
 * map) and MGET per batch. A key that expires between the two is left out.
 * SCAN walks the whole keyspace, filtering on Redis's side: a module's read
 * costs one pass over the keys and moves only that module's values.
 */
async function listSpace(redis: Redis, prefix: string, pattern: string, batchSize: number): Promise<StoredEntry[]> {
  const found = new Map<string, StoredEntry>();
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', batchSize);
    cursor = next;
    const fresh = keys.filter((key) => !found.has(key));
    if (fresh.length === 0) continue;
    const values = await redis.mget(fresh);
    fresh.forEach((key, i) => {
      const address = parseDataKey(key, prefix);
      const json = values[i];
      if (address && json !== null && json !== undefined) found.set(key, { ...address, json });
    });
  } while (cursor !== '0');
  return [...found.values()].sort(compareEntries);
}

/**
 * Connects to the Redis a spec names and waits until it answers (logging while
 * it waits: start-up with Redis down is not an error), then warns when its
 * persistence settings make a 200 weaker than "on disk".
 */
export async function openRedisStore(spec: RedisStoreSpec, options: RedisConnectionOptions = {}): Promise<RedisStore> {
  const redis = await connectRedis(spec, options);
  await waitForRedis(redis);
  await warnAboutDurability(redis, describeRedis(spec), options.log ?? console.warn);
  return createRedisStore({ redis, valueTtlSeconds: spec.valueTtlSeconds });
}

/** True for a store that runs on Redis (so the registry can share its connection). */
export function isRedisStore(store: DataStore): store is RedisStore {
  return 'redis' in store && typeof (store as RedisStore).redis === 'object';
}
