import type { Redis } from 'ioredis';
import type { DataStore } from './DataStore.ts';
import type { RedisStoreSpec } from './parseStoreUrl.ts';
import { closeRedis, connectRedis, describeRedis, type RedisConnectionOptions, waitForRedis } from './redisConnection.ts';
import { startBackgroundBackfill } from './backgroundBackfill.ts';
import { warnAboutDurability } from './redisDurability.ts';
import { createRedisIndex } from './redisIndex.ts';
import { dataKey } from './redisKeys.ts';
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
  /** Keys per MGET of a read, and per SCAN step of the index's one-time backfill. @default 500 */
  batchSize?: number;
  /**
   * Runs the one-time pass that indexes every space's values written before
   * the index (backfillAll.ts) in the background until `index:complete` is set.
   * Off, only the first read of each space backfills it. @default true
   */
  backfillInBackground?: boolean;
  /** The background pass's own connection, closed when it ends. @default redis.duplicate() */
  backfillConnection?: () => Redis;
  /** Pause before the background pass tries again after failing (Redis away). @default 30000 */
  backfillRetryMs?: number;
  /** Receives a line when the background pass fails. @default console.warn */
  log?: (line: string) => void;
}

/**
 * Values under `database:<userId>:<kind>:<moduleId>:<name>` as JSON strings,
 * with an index of names per module and of modules per space (redisIndex.ts),
 * written in the same MULTI as the value, so that reads never walk the keyspace.
 * A `set` resolves when Redis has answered OK, i.e. once the write is in its AOF
 * (fsynced first with `appendfsync always`: see docs/deploying.md).
 */
export function createRedisStore(options: RedisStoreOptions): RedisStore {
  const { redis, valueTtlSeconds, batchSize = 500, backfillInBackground = true, backfillRetryMs = 30_000, log = console.warn } = options;
  const backfill = { redis, openConnection: options.backfillConnection, batchSize, valueTtlSeconds, retryMs: backfillRetryMs, log };
  if (valueTtlSeconds !== undefined && !(Number.isSafeInteger(valueTtlSeconds) && valueTtlSeconds > 0)) {
    throw new RangeError('valueTtlSeconds must be a positive integer');
  }
  let closed = false;
  const ensureOpen = () => {
    if (closed) throw new Error('redis store is closed');
  };
  const index = createRedisIndex({ redis, valueTtlSeconds, batchSize });
  const background = backfillInBackground ? startBackgroundBackfill(backfill) : undefined;
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
      await guardRedis(() => index.write(addr, json));
    },
    async list(userId, kind) {
      ensureOpen();
      return guardRedis(() => index.readSpace(userId, kind));
    },
    async listModule(userId, kind, moduleId) {
      ensureOpen();
      return guardRedis(() => index.readModule(userId, kind, moduleId));
    },
    async close() {
      if (closed) return;
      closed = true;
      // The pass ends after its current step: no command of it goes to a closed connection.
      await background?.stop();
      await closeRedis(redis);
    },
  };
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
  return createRedisStore({ redis, valueTtlSeconds: spec.valueTtlSeconds, log: options.log });
}

/** True for a store that runs on Redis (so the registry can share its connection). */
export function isRedisStore(store: DataStore): store is RedisStore {
  return 'redis' in store && typeof (store as RedisStore).redis === 'object';
}
