import type { Redis } from 'ioredis';
import { guardRedis } from '../store/index.ts';
import type { RateCounter } from './RateCounter.ts';

/** Adds one and opens the window on the first event, atomically: two instances never both start it. */
const HIT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`;

/** Counters shared by every API instance on one Redis, under `ratelimit:<key>` with the window as TTL. */
export function createRedisRateCounter(redis: Redis): RateCounter {
  const keyOf = (key: string) => `ratelimit:${key}`;
  return {
    async hit(key, windowMs) {
      const [count, ttl] = (await guardRedis(() => redis.eval(HIT, 1, keyOf(key), String(windowMs)))) as [number, number];
      return { count, resetInMs: Math.max(ttl, 0) };
    },
    async peek(key) {
      const [count, ttl] = await guardRedis(() => Promise.all([redis.get(keyOf(key)), redis.pttl(keyOf(key))]));
      return count === null ? { count: 0, resetInMs: 0 } : { count: Number(count), resetInMs: Math.max(ttl, 0) };
    },
  };
}
