import type { Redis } from 'ioredis';
import { guardRedis } from '../store/index.ts';
import type { RateCounter } from './RateCounter.ts';

/** Adds one and opens the window on the first event, atomically: two instances never both start it. */
const HIT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`;

/** Takes one back, only while the window is open (a DECR on a gone key would open one without expiry). */
const UNDO = `if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('DECR', KEYS[1]) end
return 0`;

/** Counters shared by every API instance on one Redis, under `ratelimit:<key>` with the window as TTL. */
export function createRedisRateCounter(redis: Redis): RateCounter {
  const keyOf = (key: string) => `ratelimit:${key}`;
  return {
    async hit(key, windowMs) {
      const [count, ttl] = (await guardRedis(() => redis.eval(HIT, 1, keyOf(key), String(windowMs)))) as [number, number];
      return { count, resetInMs: Math.max(ttl, 0) };
    },
    async undo(key) {
      await guardRedis(() => redis.eval(UNDO, 1, keyOf(key)));
    },
  };
}
