import type { Clock } from './Clock.ts';

export interface DeadlineSweeper<K> {
  /** Runs `expire` once the clock passes `deadline`, unless `remove(key)` comes first. */
  add(key: K, deadline: number, expire: () => void): void;
  /** The call is settled: its deadline no longer matters. */
  remove(key: K): void;
  /** Stops the timer (the owner is closing); nothing expires after this. */
  stop(): void;
}

/**
 * The deadlines of many pending calls, kept with one timer instead of one per
 * call, because a timer per round trip costs more than the round trip itself.
 * Calls are added oldest first and share one timeout, so the first pending
 * call always has the soonest deadline: the timer waits for it alone.
 */
export function createDeadlineSweeper<K>(clock: Clock): DeadlineSweeper<K> {
  const pending = new Map<K, { deadline: number; expire: () => void }>();
  let timer: unknown = null;

  /** Expires the calls past their deadline; stays armed for the next one while any is pending. */
  function sweep(): void {
    timer = null;
    const now = clock.now();
    for (const [key, call] of pending) {
      if (call.deadline > now) {
        timer = clock.setTimeout(sweep, call.deadline - now);
        return;
      }
      pending.delete(key);
      call.expire();
    }
  }

  return {
    add(key, deadline, expire) {
      pending.set(key, { deadline, expire });
      if (timer === null) timer = clock.setTimeout(sweep, deadline - clock.now());
    },
    remove: (key) => void pending.delete(key),
    stop: () => clock.clearTimeout(timer),
  };
}
