import type { Redis } from 'ioredis';
import { scanIntoIndex } from './backfillIndex.ts';
import { BACKFILL_ALL_KEY, DATA_PATTERN, INDEX_COMPLETE_KEY, parseAnyDataKey } from './redisKeys.ts';

export interface BackfillAllOptions {
  /** Keys asked for per SCAN step. */
  batchSize: number;
  valueTtlSeconds?: number;
  /** Checked between steps: true ends the pass early, its cursor stored. */
  stopped?: () => boolean;
}

/**
 * Indexes the values of every space written before the index existed, in one
 * resumable SCAN pass (backfillIndex.ts), then sets `index:complete`: from then
 * on no read backfills its space, so a space created later never waits for a
 * walk of the keyspace. On an empty Redis (a new deployment) the pass ends
 * after one step. Resolves true once the marker is set, false when stopped.
 */
export async function backfillAll(redis: Redis, { batchSize, valueTtlSeconds, stopped }: BackfillAllOptions): Promise<boolean> {
  if ((await redis.exists(INDEX_COMPLETE_KEY)) === 1) return true;
  return scanIntoIndex(redis, {
    pattern: DATA_PATTERN,
    progressKey: BACKFILL_ALL_KEY,
    parse: parseAnyDataKey,
    batchSize,
    valueTtlSeconds,
    stopped,
    alsoSetWhenDone: [INDEX_COMPLETE_KEY],
  });
}
