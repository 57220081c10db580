
/** The per-user rate of `POST /me/events`: a token bucket of `burst` refilled at `perSecond`. */
export interface EventRate {
  /** @default 100 (`--max-events-per-second`) */
  perSecond: number;
  /** @default 1000 (`--event-burst`) */
  burst: number;
}

export const DEFAULT_EVENT_RATE: EventRate = { perSecond: 100, burst: 1000 };

/** Past a user's rate: nothing was stored; retry after `retryAfterMs`. */
export class EventRateExceeded extends Error {
  constructor(readonly retryAfterMs: number) {
    super(`too many events posted for this user; retry in ${Math.ceil(retryAfterMs / 1000)} s`);
    this.name = 'EventRateExceeded';
  }
}

/** One process's buckets (memory and sqlite logs): takes one event of `userId`, or throws EventRateExceeded. */
export function createEventBuckets(now: () => number) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return (userId: string, rate: EventRate): void => {
    const t = now();
    const bucket = buckets.get(userId) ?? { tokens: rate.burst, at: t };
    bucket.tokens = Math.min(rate.burst, bucket.tokens + ((t - bucket.at) * rate.perSecond) / 1000);
    bucket.at = t;
    buckets.set(userId, bucket);
    if (bucket.tokens < 1) throw new EventRateExceeded(Math.ceil(((1 - bucket.tokens) * 1000) / rate.perSecond));
    bucket.tokens -= 1;
  };
}

/**
 * The same bucket in Redis, on Redis's clock, run first in the append script (one round trip per post), so
 * every instance shares one rate per user. KEYS[5]: the bucket; ARGV[8], ARGV[9]: per second and burst, or ''.
 */
export const TAKE_FROM_BUCKET = `
if ARGV[8] ~= '' then
  local t = redis.call('TIME')
  local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
  local rate, burst = tonumber(ARGV[8]), tonumber(ARGV[9])
  local held = redis.call('HMGET', KEYS[5], 'tokens', 'at')
  local tokens = tonumber(held[1]) or burst
  local at = tonumber(held[2]) or now
  tokens = math.min(burst, tokens + (now - at) * rate / 1000)
  if tokens < 1 then return {-1, math.ceil((1 - tokens) * 1000 / rate)} end
  redis.call('HSET', KEYS[5], 'tokens', tostring(tokens - 1), 'at', tostring(now))
  redis.call('PEXPIRE', KEYS[5], math.ceil(burst * 1000 / rate) + 1000)
end`;

/** RangeError naming a field that is not a positive integer. */
export function resolveEventRate(rate: Partial<EventRate> = {}): EventRate {
  const resolved = { ...DEFAULT_EVENT_RATE, ...rate };
  if (!(Number.isSafeInteger(resolved.perSecond) && resolved.perSecond > 0)) throw new RangeError('eventRate.perSecond must be a positive integer');
  if (!(Number.isSafeInteger(resolved.burst) && resolved.burst > 0)) throw new RangeError('eventRate.burst must be a positive integer');
  return resolved;
}
