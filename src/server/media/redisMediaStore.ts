import type { Redis } from 'ioredis';
import { escapeKeyPart, guardRedis } from '../store/index.ts';
import type { MediaRecord, MediaStore } from './MediaStore.ts';

/** Key names, outside the `database:` space the data API reads; shared by every instance. */
export const MEDIA_KEYS = {
  /** A file's record (JSON). */
  record: (id: string) => `media:record:${id}`,
  /** A file's bytes, one string: GETRANGE serves a range of it in one step. */
  bytes: (id: string) => `media:bytes:${id}`,
  /** A user's files: a sorted set of ids scored by their creation time. */
  files: (userId: string) => `media:files:${escapeKeyPart(userId)}`,
  /** The bytes a user's files take. */
  used: (userId: string) => `media:used:${escapeKeyPart(userId)}`,
};

/**
 * The quota check and the writes in one step, so that two uploads on two instances cannot both pass.
 * KEYS: used, record, bytes, files. ARGV: size, quota, record JSON, bytes ('' when they live elsewhere), created at, id.
 * Returns {1} when added, {0, bytes left} when refused.
 */
const ADD = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local size, quota = tonumber(ARGV[1]), tonumber(ARGV[2])
if used + size > quota then return {0, quota - used} end
redis.call('INCRBY', KEYS[1], size)
redis.call('SET', KEYS[2], ARGV[3])
if ARGV[4] ~= '' then redis.call('SET', KEYS[3], ARGV[4]) end
redis.call('ZADD', KEYS[4], ARGV[5], ARGV[6])
return {1}`;

/** KEYS: record, bytes, files, used. ARGV: user id, id. Drops a file of that user and frees its bytes; returns its record JSON. */
const REMOVE = `
local json = redis.call('GET', KEYS[1])
if not json then return false end
local record = cjson.decode(json)
if record.userId ~= ARGV[1] then return false end
redis.call('DEL', KEYS[1], KEYS[2])
redis.call('ZREM', KEYS[3], ARGV[2])
redis.call('DECRBY', KEYS[4], record.bytes)
return json`;

/** The library on the store's Redis: every instance reads the same keys, so a file uploaded on one plays from another. */
export function createRedisMediaStore(redis: Redis): MediaStore {
  const parse = (json: string | null) => (json === null ? undefined : (JSON.parse(json) as MediaRecord));
  return {
    place: 'redis',
    async add(record, bytes, quota) {
      const keys = [MEDIA_KEYS.used(record.userId), MEDIA_KEYS.record(record.id), MEDIA_KEYS.bytes(record.id), MEDIA_KEYS.files(record.userId)];
      const args = [String(record.bytes), String(quota), JSON.stringify(record), Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), String(record.createdAt), record.id];
      const [added, left] = (await guardRedis(() => redis.eval(ADD, keys.length, ...keys, ...args))) as [number, number?];
      return added === 1 ? { added: true } : { added: false, left: left ?? 0 };
    },
    async find(id) {
      return parse(await guardRedis(() => redis.get(MEDIA_KEYS.record(id))));
    },
    async list(userId) {
      const ids = await guardRedis(() => redis.zrevrange(MEDIA_KEYS.files(userId), 0, -1));
      if (ids.length === 0) return [];
      const jsons = await guardRedis(() => redis.mget(ids.map(MEDIA_KEYS.record)));
      // Same score (one millisecond): by id, as the other stores order them.
      return jsons.flatMap((json) => parse(json) ?? []).sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1));
    },
    async used(userId) {
      return Number((await guardRedis(() => redis.get(MEDIA_KEYS.used(userId)))) ?? 0);
    },
    async read(id, start, end) {
      const bytes = await guardRedis(() => redis.getrangeBuffer(MEDIA_KEYS.bytes(id), start, end));
      // GETRANGE of a missing key is empty, and no stored range is.
      return bytes.byteLength === 0 ? undefined : bytes;
    },
    async remove(userId, id) {
      const keys = [MEDIA_KEYS.record(id), MEDIA_KEYS.bytes(id), MEDIA_KEYS.files(userId), MEDIA_KEYS.used(userId)];
      return parse((await guardRedis(() => redis.eval(REMOVE, keys.length, ...keys, userId, id))) as string | null);
    },
    async close() {},
  };
}
