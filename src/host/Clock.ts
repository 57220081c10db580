import { type Clock, systemClock } from '../client/index.ts';

// One clock shape for the page: the host and the write queue take the same kind of object.
export { type Clock, systemClock };

/**
 * The host's default clock: it only measures intervals (heartbeats, call deadlines,
 * flood windows, backoff), so it reads the monotonic clock, which a change of the
 * system time cannot move.
 */
export const monotonicClock: Clock = { ...systemClock, now: () => performance.now() };
