import type { Clock } from '../api/index.ts';

export interface Throttled<T> {
  /** Hands over the newest value: passed on at once when the last one left `ms` ago or more, else at the end of that window. */
  push(value: T): void;
  /** Drops a value still waiting, and the window. */
  cancel(): void;
}

/**
 * Passes on snapshots (a status, a sync state) at most once per `ms`: the first at
 * once, later ones folded into the newest, which always goes out at the window's end.
 */
export function throttleLatest<T>(clock: Clock, ms: number, run: (value: T) => void): Throttled<T> {
  let timer: unknown = null;
  let waiting: { value: T } | null = null;
  const openWindow = () => {
    timer = clock.setTimeout(() => {
      timer = null;
      if (!waiting) return;
      const { value } = waiting;
      waiting = null;
      run(value);
      openWindow();
    }, ms);
  };
  return {
    push(value) {
      if (timer !== null) {
        waiting = { value };
        return;
      }
      run(value);
      openWindow();
    },
    cancel() {
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
      waiting = null;
    },
  };
}
