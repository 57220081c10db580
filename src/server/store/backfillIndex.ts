import type { ChainableCommander, Redis } from 'ioredis';
import type { Kind } from '../../api/index.ts';
import { backfillKey, modulesKey, namesKey, parseDataKey, spacePattern, spacePrefix } from './redisKeys.ts';

export interface BackfillOptions {
  userId: string;
  kind: Kind;
  /** The SCAN cursor to go on from: `0`, or where an interrupted pass stopped. */
  from: string;
  /** Keys asked for per SCAN step. */
  batchSize: number;
  valueTtlSeconds?: number;
}

/**
 * Indexes the values of one space written before the index existed: one SCAN
 * pass over the keyspace, once per (user, kind), on the space's first read.
 * Each step's names go into the index in one MULTI with the cursor reached,
 * so an interrupted pass (a restart, Redis away) goes on from its last step,
 * and `done` is stored only after a whole pass. Writes meanwhile index
 * themselves; adding a name twice changes nothing, and a name whose value
 * expires after SCAN saw it is pruned by the next read.
 *
 * Why lazily, per space, rather than a pass at start-up: no instance waits
 * for a pass over everyone's keys before serving, instances starting together
 * do not each walk the whole keyspace, and a streamer who never comes back
 * costs nothing. The cost is one pass per space read after the upgrade, the
 * same as one read cost before it.
 */
export async function backfillIndex(redis: Redis, { userId, kind, from, batchSize, valueTtlSeconds }: BackfillOptions): Promise<void> {
  const prefix = spacePrefix(userId, kind);
  let cursor = from;
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', spacePattern(userId, kind), 'COUNT', batchSize);
    const multi = redis.multi();
    const modules = new Map<string, string[]>();
    for (const key of keys) {
      const address = parseDataKey(key, prefix);
      if (address) modules.set(address.moduleId, [...(modules.get(address.moduleId) ?? []), address.name]);
    }
    for (const [moduleId, names] of modules) {
      multi.sadd(namesKey(userId, kind, moduleId), ...names).sadd(modulesKey(userId, kind), moduleId);
      // The full TTL never shortens one a write gave: it is the longest a set can have.
      if (valueTtlSeconds) multi.expire(namesKey(userId, kind, moduleId), valueTtlSeconds).expire(modulesKey(userId, kind), valueTtlSeconds);
    }
    multi.set(backfillKey(userId, kind), next === '0' ? 'done' : next);
    await execAll(multi);
    cursor = next;
  } while (cursor !== '0');
}

/** Runs a MULTI; rejects with the first command's error (EXEC answers each command's reply or error). */
export async function execAll(multi: ChainableCommander): Promise<void> {
  const replies = await multi.exec();
  if (!replies) throw new Error('redis transaction aborted');
  for (const [error] of replies) if (error) throw error;
}
