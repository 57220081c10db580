import type { RateCounter } from './RateCounter.ts';

export interface MemoryRateCounterOptions {
  /** Current time in ms. @default Date.now */
  now?: () => number;
  /** Keys kept at most: the oldest windows go first, so a flood of new keys cannot fill memory. @default 100_000 */
  maxKeys?: number;
}

/** The counters of one process (memory and SQLite stores: one instance serves all). */
export function createMemoryRateCounter({ now = Date.now, maxKeys = 100_000 }: MemoryRateCounterOptions = {}): RateCounter {
  // Insertion order is window start order: the ones to drop first sit at the front.
  const windows = new Map<string, { count: number; endsAt: number }>();
  const current = (key: string, at: number) => {
    const window = windows.get(key);
    return window && window.endsAt > at ? window : undefined;
  };
  return {
    async hit(key, windowMs) {
      const at = now();
      let window = current(key, at);
      if (!window) {
        windows.delete(key);
        for (const [old] of windows) {
          if (windows.size < maxKeys) break;
          windows.delete(old);
        }
        window = { count: 0, endsAt: at + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { count: window.count, resetInMs: window.endsAt - at };
    },
    async undo(key) {
      const window = current(key, now());
      if (window && window.count > 0) window.count -= 1;
    },
  };
}
