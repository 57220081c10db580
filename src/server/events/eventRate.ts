import type { Redis } from 'ioredis';
import { escapeKeyPart, guardRedis } from '../store/index.ts';

/** The per-user rate of `POST /me/events`: a token bucket of `burst` refilled at `perSecond`. */
export interface EventRate {
  /** @default 100 (`--max-events-per-second`) */
  perSecond: number;
  /** @default 1000 (`--event-burst`) */
  burst: number;
}

export const DEFAULT_EVENT_RATE: EventRate = { perSecond: 100, burst: 1000 };

/** Takes one event from a user's bucket: 0 when admitted, else the milliseconds until one is free. */
export type EventRateLimiter = (userId: string) => Promise<number>;

/** One process's buckets (memory and sqlite stores). */
export function createMemoryEventRateLimiter(rate: EventRate, now: () => number = Date.now): EventRateLimiter {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return async (userId) => {
    const t = now();
    const bucket = buckets.get(userId) ?? { tokens: rate.burst, at: t };
    bucket.tokens = Math.min(rate.burst, bucket.tokens + ((t - bucket.at) * rate.perSecond) / 1000);
    bucket.at = t;
    buckets.set(userId, bucket);
    if (bucket.tokens < 1) return Math.ceil(((1 - bucket.tokens) * 1000) / rate.perSecond);
    bucket.tokens -= 1;
    return 0;
  };
}

/** The same bucket in Redis, on Redis's clock, so that every instance shares one rate per user. */
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local rate, burst = tonumber(ARGV[1]), tonumber(ARGV[2])
local held = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(held[1]) or burst
local at = tonumber(held[2]) or now
tokens = math.min(burst, tokens + (now - at) * rate / 1000)
if tokens < 1 then return math.ceil((1 - tokens) * 1000 / rate) end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens - 1), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst * 1000 / rate) + 1000)
return 0`;

export function createRedisEventRateLimiter(rate: EventRate, redis: Redis): EventRateLimiter {
  const scripted = redis as Redis & { overlayEventRate(key: string, perSecond: string, burst: string): Promise<number> };
  scripted.defineCommand('overlayEventRate', { numberOfKeys: 1, lua: TAKE });
  return (userId) => guardRedis(() => scripted.overlayEventRate(`events:${escapeKeyPart(userId)}:rate`, String(rate.perSecond), String(rate.burst)));
}

/** RangeError naming a field that is not a positive integer. */
export function resolveEventRate(rate: Partial<EventRate> = {}): EventRate {
  const resolved = { ...DEFAULT_EVENT_RATE, ...rate };
  if (!(Number.isSafeInteger(resolved.perSecond) && resolved.perSecond > 0)) throw new RangeError('eventRate.perSecond must be a positive integer');
  if (!(Number.isSafeInteger(resolved.burst) && resolved.burst > 0)) throw new RangeError('eventRate.burst must be a positive integer');
  return resolved;
}
