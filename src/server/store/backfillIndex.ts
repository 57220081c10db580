import type { ChainableCommander, Redis } from 'ioredis';
import type { Kind } from '../../api/index.ts';
import type { DataAddress } from './DataStore.ts';
import { backfillKey, modulesKey, namesKey, parseDataKey, spacePattern, spacePrefix } from './redisKeys.ts';
import { redisRunId, resumeCursor } from './scanProgress.ts';

export interface ScanIntoIndexOptions {
  /** SCAN MATCH pattern of the keys to index. */
  pattern: string;
  /** Where the pass keeps `<run id>:<cursor>` between steps, then `done`. */
  progressKey: string;
  /** The address a key found holds; undefined for a key of another layout. */
  parse: (key: string) => DataAddress | undefined;
  /** Keys asked for per SCAN step. */
  batchSize: number;
  valueTtlSeconds?: number;
  /** Checked between steps: true ends the pass early, its cursor stored. */
  stopped?: () => boolean;
  /** Keys set with the progress key's `done` (a marker). */
  alsoSetWhenDone?: string[];
}

/**
 * Adds the data keys a SCAN pass finds to the index. Each step's names go into
 * the index in one MULTI with the cursor reached and the run id of the Redis
 * process that gave it, so an interrupted pass (a restart of ours, Redis away)
 * goes on from its last step; a cursor from another Redis process (Redis
 * restarted, a failover) means nothing to this one, so the pass starts again
 * from 0 instead: it could skip keys. `done` is stored only after a whole pass
 * answered by one process. Writes meanwhile index themselves; adding a name
 * twice changes nothing, and a name whose value expires after SCAN saw it is
 * pruned by the next read. Resolves true once done, false when stopped.
 */
export async function scanIntoIndex(redis: Redis, options: ScanIntoIndexOptions): Promise<boolean> {
  for (;;) {
    const runId = await redisRunId(redis);
    const from = resumeCursor(await redis.get(options.progressKey), runId);
    if (from === undefined) return true;
    if (!(await scanSteps(redis, options, runId, from))) return false;
    // Redis restarted during the pass: its later cursors came from another process; go again.
    if ((await redisRunId(redis)) !== runId) continue;
    const multi = redis.multi().set(options.progressKey, 'done');
    for (const key of options.alsoSetWhenDone ?? []) multi.set(key, '1');
    await execAll(multi);
    return true;
  }
}

async function scanSteps(redis: Redis, options: ScanIntoIndexOptions, runId: string, from: string): Promise<boolean> {
  const { pattern, progressKey, parse, batchSize, valueTtlSeconds, stopped } = options;
  let cursor = from;
  do {
    if (stopped?.()) return false;
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', batchSize);
    const found = keys.map(parse).filter((address) => address !== undefined);
    if (found.length > 0 || next !== '0') {
      const multi = redis.multi();
      for (const address of found) indexName(multi, address, valueTtlSeconds);
      if (next !== '0') multi.set(progressKey, `${runId}:${next}`);
      await execAll(multi);
    }
    cursor = next;
  } while (cursor !== '0');
  return true;
}

/** The name joins its module's set and the module its space's; a full TTL never shortens one a write gave. */
function indexName(multi: ChainableCommander, { userId, kind, moduleId, name }: DataAddress, valueTtlSeconds?: number): void {
  multi.sadd(namesKey(userId, kind, moduleId), name).sadd(modulesKey(userId, kind), moduleId);
  if (valueTtlSeconds) multi.expire(namesKey(userId, kind, moduleId), valueTtlSeconds).expire(modulesKey(userId, kind), valueTtlSeconds);
}

export interface BackfillOptions {
  userId: string;
  kind: Kind;
  /** Keys asked for per SCAN step. */
  batchSize: number;
  valueTtlSeconds?: number;
}

/**
 * Indexes the values of one space written before the index existed: one SCAN
 * pass over the keyspace, once per (user, kind), on the space's first read
 * while the pass over every space (backfillAll.ts) has not finished yet.
 *
 * Why also lazily, per space: no instance waits for a pass over everyone's
 * keys before serving; the space read first is indexed first.
 */
export function backfillIndex(redis: Redis, { userId, kind, batchSize, valueTtlSeconds }: BackfillOptions): Promise<boolean> {
  const prefix = spacePrefix(userId, kind);
  const parse = (key: string) => {
    const address = parseDataKey(key, prefix);
    return address && { userId, kind, ...address };
  };
  return scanIntoIndex(redis, { pattern: spacePattern(userId, kind), progressKey: backfillKey(userId, kind), parse, batchSize, valueTtlSeconds });
}

/** Runs a MULTI; rejects with the first command's error (EXEC answers each command's reply or error). */
export async function execAll(multi: ChainableCommander): Promise<void> {
  const replies = await multi.exec();
  if (!replies) throw new Error('redis transaction aborted');
  for (const [error] of replies) if (error) throw error;
}
