/** The count of one key in its current fixed window. */
export interface RateCount {
  count: number;
  /** Milliseconds until the window ends and the count starts again from 0. */
  resetInMs: number;
}

/**
 * Fixed-window counters, one per key. A window starts with the first event of a
 * key and lasts `windowMs`. With Redis, every API instance shares them.
 */
export interface RateCounter {
  /** Counts one event of `key`, in one atomic step; resolves the count including it. */
  hit(key: string, windowMs: number): Promise<RateCount>;
  /** Takes back one event of `key` counted by `hit` (nothing when its window has ended). */
  undo(key: string): Promise<void>;
}
