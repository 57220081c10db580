import type { ChainableCommander, Redis } from 'ioredis';
import type { Kind } from '../../api/index.ts';
import type { DataAddress, StoredEntry } from './DataStore.ts';
import { backfillIndex, execAll } from './backfillIndex.ts';
import { compareEntries } from './compareEntries.ts';
import { backfillKey, dataKey, INDEX_COMPLETE_KEY, modulesKey, namesKey } from './redisKeys.ts';

/**
 * Drops from the index the names whose value is gone (expired, or deleted by
 * hand), then the module from its space's set once it has no names left. One
 * script, so that a write of the same name cannot come between the check and
 * the removal (a plain SREM after an MGET could drop a name just written again).
 *
 * KEYS: the space's modules set, the module's names set, then the data key of
 * each name found without a value. ARGV: the module id, then those names.
 */
const PRUNE_SCRIPT = `
for i = 3, #KEYS do
  if redis.call('EXISTS', KEYS[i]) == 0 then redis.call('SREM', KEYS[2], ARGV[i - 1]) end
end
if redis.call('EXISTS', KEYS[2]) == 0 then redis.call('SREM', KEYS[1], ARGV[1]) end
return 0`;

type IndexedRedis = Redis & { overlayIndexPrune(keyCount: number, ...args: string[]): Promise<number> };

/**
 * Queues the index's part of one write on a MULTI (or a script does the same,
 * redisScripts.ts): the name joins its module's set and the module its space's.
 * With a value TTL both sets get it too, renewed at each write as the value's
 * is: a set then always outlives every value it names, and goes by itself
 * once the space is idle long enough for all of them to be gone.
 */
function indexWrite(multi: ChainableCommander, { userId, kind, moduleId, name }: DataAddress, valueTtlSeconds?: number): ChainableCommander {
  const names = namesKey(userId, kind, moduleId);
  const modules = modulesKey(userId, kind);
  multi.sadd(names, name).sadd(modules, moduleId);
  if (valueTtlSeconds) multi.expire(names, valueTtlSeconds).expire(modules, valueTtlSeconds);
  return multi;
}

export interface RedisIndexOptions {
  redis: Redis;
  valueTtlSeconds?: number;
  /** Keys per MGET and per SCAN step of the backfill. */
  batchSize: number;
}

/**
 * Reads through the index: a module's read costs SMEMBERS of its names and an
 * MGET of their keys, whatever else the keyspace holds; `list` reads the
 * space's modules set first. Until the pass over every space has finished
 * (backfillAll.ts, `index:complete`), a space not yet indexed is backfilled
 * once first (backfillIndex.ts).
 */
export function createRedisIndex({ redis, valueTtlSeconds, batchSize }: RedisIndexOptions) {
  const scripted = redis as IndexedRedis;
  scripted.defineCommand('overlayIndexPrune', { lua: PRUNE_SCRIPT });
  // One backfill per space at a time in this process; other instances may run theirs, which is only more work.
  const running = new Map<string, Promise<void>>();
  const backfill = (userId: string, kind: Kind) => {
    const key = `${kind}:${userId}`;
    let pass = running.get(key);
    if (!pass) {
      pass = backfillIndex(redis, { userId, kind, batchSize, valueTtlSeconds })
        .then(() => undefined)
        .finally(() => running.delete(key));
      running.set(key, pass);
    }
    return pass;
  };
  /**
   * Members of an index set, after the space's backfill unless it has finished
   * or the pass over every space has (both asked in the same round trip).
   */
  const members = async (userId: string, kind: Kind, set: string) => {
    const [[progress, complete], found] = await Promise.all([redis.mget(backfillKey(userId, kind), INDEX_COMPLETE_KEY), redis.smembers(set)]);
    if (progress === 'done' || (complete !== null && complete !== undefined)) return found;
    await backfill(userId, kind);
    return redis.smembers(set);
  };
  const readNames = async (userId: string, kind: Kind, moduleId: string, names: string[], pruneEmpty: boolean) => {
    const entries: StoredEntry[] = [];
    const gone: string[] = [];
    for (let at = 0; at < names.length; at += batchSize) {
      const batch = names.slice(at, at + batchSize);
      const values = await redis.mget(batch.map((name) => dataKey({ userId, kind, moduleId, name })));
      batch.forEach((name, i) => {
        const json = values[i];
        if (json === null || json === undefined) gone.push(name);
        else entries.push({ moduleId, name, json });
      });
    }
    if (gone.length > 0 || (pruneEmpty && names.length === 0)) {
      const keys = gone.map((name) => dataKey({ userId, kind, moduleId, name }));
      await scripted.overlayIndexPrune(2 + keys.length, modulesKey(userId, kind), namesKey(userId, kind, moduleId), ...keys, moduleId, ...gone);
    }
    return entries;
  };
  return {
    /** Every entry of one module of a user and kind, ordered by name. */
    async readModule(userId: string, kind: Kind, moduleId: string): Promise<StoredEntry[]> {
      const names = await members(userId, kind, namesKey(userId, kind, moduleId));
      return (await readNames(userId, kind, moduleId, names, false)).sort(compareEntries);
    },
    /** Every entry of one user and kind, ordered by module id, then name. */
    async readSpace(userId: string, kind: Kind): Promise<StoredEntry[]> {
      const modules = await members(userId, kind, modulesKey(userId, kind));
      const entries: StoredEntry[] = [];
      for (const moduleId of modules) {
        const names = await redis.smembers(namesKey(userId, kind, moduleId));
        entries.push(...(await readNames(userId, kind, moduleId, names, true)));
      }
      return entries.sort(compareEntries);
    },
    /** Writes one value and its index entries in one MULTI: one round trip, and no reader sees one without the other. */
    async write(addr: DataAddress, json: string): Promise<void> {
      const multi = redis.multi();
      if (valueTtlSeconds) multi.set(dataKey(addr), json, 'EX', valueTtlSeconds);
      else multi.set(dataKey(addr), json);
      await execAll(indexWrite(multi, addr, valueTtlSeconds));
    },
  };
}

export type RedisIndex = ReturnType<typeof createRedisIndex>;
