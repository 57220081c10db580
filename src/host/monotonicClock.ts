import { type Clock, systemClock } from '../api/index.ts';

/**
 * The host's default clock: it only measures intervals (heartbeats, call deadlines,
 * flood windows, backoff), so it reads the monotonic clock, which a change of the
 * system time cannot move.
 */
export const monotonicClock: Clock = { ...systemClock, now: () => performance.now() };
