import type { Redis } from 'ioredis';
import type { Kind } from '../../api/index.ts';
import { guardRedis } from '../store/index.ts';
import type { ProfileRecords } from './ProfileRecords.ts';

/** Hash `registry:profile:<userId>`, field `profile`: the profile's JSON text. */
export const profileKey = (userId: string) => `registry:profile:${userId}`;

/** One index entry (ProfileRecords.ts): `registry:index:overlay:<id>`, `registry:index:streamdeck:<digest>`, `registry:index:twitch:<id>`. */
export const indexKey = (key: string) => `registry:index:${key}`;

/** The stored boxes of one layout. */
export const layoutKey = (userId: string, kind: Kind) => `registry:layout:${userId}:${kind}`;

/**
 * Compare-and-set of a profile with its index change, in one script: KEYS are
 * the profile, then the index keys to delete, to set, to claim and to release;
 * ARGV the expectation (`1` and the text, or `0` for "not stored"), the new
 * text, the four counts, then the values to set, to claim and to release.
 * A claimed key held by another value refuses the whole write (2): two
 * instances claiming one Twitch id at once cannot both win.
 */
const WRITE_PROFILE = `local current = redis.call('HGET', KEYS[1], 'profile')
if ARGV[1] == '1' then
  if current ~= ARGV[2] then return 0 end
elseif current then return 0 end
local removed, set, claimed, released = tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6]), tonumber(ARGV[7])
local claimAt, releaseAt = 1 + removed + set, 1 + removed + set + claimed
for i = 1, claimed do
  local held = redis.call('GET', KEYS[claimAt + i])
  if held and held ~= ARGV[7 + set + i] then return 2 end
end
redis.call('HSET', KEYS[1], 'profile', ARGV[3])
for i = 1, removed do redis.call('DEL', KEYS[1 + i]) end
for i = 1, set + claimed do redis.call('SET', KEYS[1 + removed + i], ARGV[7 + i]) end
for i = 1, released do
  if redis.call('GET', KEYS[releaseAt + i]) == ARGV[7 + set + claimed + i] then redis.call('DEL', KEYS[releaseAt + i]) end
end
return 1`;

const WRITE_LAYOUT = `local current = redis.call('GET', KEYS[1])
if ARGV[1] == '1' then
  if current ~= ARGV[2] then return 0 end
elseif current then return 0 end
redis.call('SET', KEYS[1], ARGV[3])
return 1`;

type ScriptedRedis = Redis & {
  overlayProfileWrite(keyCount: number, ...args: string[]): Promise<number>;
  overlayLayoutWrite(...args: string[]): Promise<number>;
};

/** Profile records in Redis, shared by every instance; nothing is cached in the process, so all see one profile. */
export function createRedisProfileRecords(client: Redis): ProfileRecords {
  const redis = client as ScriptedRedis;
  redis.defineCommand('overlayProfileWrite', { lua: WRITE_PROFILE });
  redis.defineCommand('overlayLayoutWrite', { numberOfKeys: 1, lua: WRITE_LAYOUT });
  const expectation = (expected: string | undefined) => (expected === undefined ? ['0', ''] : ['1', expected]);
  return {
    async read(userId) {
      return (await guardRedis(() => redis.hget(profileKey(userId), 'profile'))) ?? undefined;
    },
    async write(userId, expected, next, { remove, set, claim = [], release = [] }) {
      const entries = [...set, ...claim, ...release];
      const keys = [profileKey(userId), ...remove.map(indexKey), ...entries.map(([key]) => indexKey(key))];
      const counts = [remove.length, set.length, claim.length, release.length].map(String);
      const args = [...expectation(expected), next, ...counts, ...entries.map(([, value]) => value)];
      const written = await guardRedis(() => redis.overlayProfileWrite(keys.length, ...keys, ...args));
      return written === 2 ? 'taken' : written === 1;
    },
    async lookup(key) {
      return (await guardRedis(() => redis.get(indexKey(key)))) ?? undefined;
    },
    async readLayout(userId, kind) {
      return (await guardRedis(() => redis.get(layoutKey(userId, kind)))) ?? undefined;
    },
    async writeLayout(userId, kind, expected, next) {
      return (await guardRedis(() => redis.overlayLayoutWrite(layoutKey(userId, kind), ...expectation(expected), next))) === 1;
    },
  };
}
