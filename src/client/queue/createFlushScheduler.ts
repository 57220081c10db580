import { ApiError } from '../http/index.ts';
import { backoffDelay, type BackoffOptions, parseRetryAfter } from '../retry/index.ts';
import type { Clock } from '../../api/index.ts';
import type { FlushOutcome } from './flushQueue.ts';

export interface FlushSchedulerOptions {
  clock: Clock;
  random: () => number;
  backoff: BackoffOptions;
  /**
   * Quiet time after the latest write before flushing (a debounce) while a burst
   * is under way; a write after this much quiet, with nothing in flight, goes out at once.
   */
  flushDelayMs: number;
  /** Longest wait from the first unsent write to its flush, however long writes go on. */
  maxFlushDelayMs: number;
  /** True while this tab may send (started, flusher or memory-only). */
  canFlush(): boolean;
  /**
   * One flush: sends what the queue holds, until something blocks it. After the
   * entries it listed it reads the queue again only while `more()` is true.
   */
  flushOnce(more: () => boolean): Promise<FlushOutcome>;
  /** A retryable failure: nothing is sent before `retryAt`; `answered` when the API did respond. */
  onBackOff(answered: boolean, retryAt: number): void;
  /** 401/403 or no token: sending pauses until `resume`. */
  onAuthRequired(error: unknown): void;
  /** The queue went through: the backoff is over. */
  onDrained(): void;
}

/** When the queue flushes: triggers, the write debounce, the retry timer, backoff and the auth pause. */
export interface FlushScheduler {
  /** True from a 401/403 until `resume`. */
  readonly paused: boolean;
  /** Flushes now until the queue is empty, writes made meanwhile included (joins a flush in progress). */
  flush(): Promise<void>;
  /**
   * A write joined the queue. On an idle queue (no write for `flushDelayMs`, none
   * being stored, no flush running or due) it goes out at once. Otherwise a burst
   * is under way and the write joins it: flush once writes have been quiet for
   * `flushDelayMs`, and at the latest `maxFlushDelayMs` after the first unsent
   * write. Nothing while a retry is due (the retry sends it).
   */
  writeQueued(): void;
  /**
   * A write is being stored (its IndexedDB transaction is not done yet): the
   * debounce waits for it, up to the cap. Call the returned function once it is
   * stored or failed; `writeQueued()` follows for a stored one.
   */
  storeStarted(): () => void;
  /** A good moment (online, visible, a read got through): flush now, unless the server asked to wait. */
  wake(): void;
  /** Ends the auth pause and any backoff, and flushes (a new token came). */
  resume(): void;
  /** Drops the timer (the tab stopped, or lost the flusher role). */
  cancel(): void;
}

/**
 * Writes are flushed after a debounce: each write pushes the flush back by
 * `flushDelayMs`, up to `maxFlushDelayMs` after the first write not yet sent, so
 * a burst goes out once per key and a module writing non-stop still gets through.
 * A flush started by the debounce sends what it listed; writes made meanwhile
 * re-arm the debounce instead of keeping that flush going. `flush()` (and the
 * retry timer, `wake`, `resume`, which call it) drains until the queue is empty.
 */
export function createFlushScheduler(options: FlushSchedulerOptions): FlushScheduler {
  const { clock } = options;
  let timer: { handle: unknown; retry: boolean; at: number } | null = null;
  /** When the debounce is due (moves on with each write); null when no write waits for it. */
  let dueAt: number | null = null;
  /** When the first write not yet covered by a flush arrived: the cap counts from it. */
  let firstWriteAt: number | null = null;
  let attempt = 0;
  let notBefore = 0;
  let paused = false;
  let running: Promise<void> | null = null;
  let again = false;
  /** The flush in progress reads the queue again until it is empty (an explicit flush asked for it). */
  let untilEmpty = false;
  /** Writes being stored: while any is, the debounce does not fire before the cap. */
  let inStore = 0;
  /** When the latest write was queued. */
  let lastWriteAt = Number.NEGATIVE_INFINITY;
  const active = () => !paused && options.canFlush();

  function schedule(delay: number, retry: boolean, fire: () => void): void {
    if (timer) clock.clearTimeout(timer.handle);
    const handle = clock.setTimeout(() => {
      timer = null;
      fire();
    }, delay);
    timer = { handle, retry, at: clock.now() + delay };
  }

  function cancel(): void {
    if (timer) clock.clearTimeout(timer.handle);
    timer = null;
    dueAt = null;
    firstWriteAt = null;
  }

  /** The debounce timer fired: flush if its time has come, or wait for the rest (a later write moved it). */
  function debounceFired(): void {
    if (dueAt === null) return;
    const now = clock.now();
    // A write still being stored belongs to the burst, so the flush waits for it (its `writeQueued()` will move
    // `dueAt`), but never past the cap, because a module that never stops writing must still be sent.
    const until = inStore > 0 && firstWriteAt !== null ? Math.max(dueAt, firstWriteAt + options.maxFlushDelayMs) : dueAt;
    if (until > now) {
      schedule(until - now, false, debounceFired);
      return;
    }
    start(false);
  }

  /** A flush (pass) is about to read the queue: it covers every write so far, so the debounce is done. */
  function listing(): void {
    dueAt = null;
    firstWriteAt = null;
    if (timer && !timer.retry) {
      clock.clearTimeout(timer.handle);
      timer = null;
    }
  }

  function flush(): Promise<void> {
    return start(true);
  }

  function start(drainAll: boolean): Promise<void> {
    if (!active()) return Promise.resolve();
    if (drainAll) untilEmpty = true;
    if (running) {
      again = true;
      return running;
    }
    running = drain().finally(() => {
      running = null;
      const joinedLate = again && active() && !timer?.retry;
      untilEmpty = false;
      // A call that joined after the drain's last check (its promise was settling) still gets its flush.
      if (joinedLate) void start(true);
    });
    return running;
  }

  async function drain(): Promise<void> {
    do {
      again = false;
      listing();
      const more = () => untilEmpty && active();
      settle(await options.flushOnce(more).catch((error: unknown): FlushOutcome => ({ kind: 'retry', error })));
    } while (again && active() && !timer?.retry);
  }

  function settle(outcome: FlushOutcome): void {
    if (outcome.kind === 'drained') {
      attempt = 0;
      notBefore = 0;
      options.onDrained();
    } else if (outcome.kind === 'retry') {
      backOff(outcome.error);
    } else if (outcome.kind === 'auth') {
      paused = true;
      cancel();
      options.onAuthRequired(outcome.error);
    }
  }

  function backOff(error: unknown): void {
    const now = clock.now();
    const serverWait = error instanceof ApiError ? parseRetryAfter(error.retryAfter, now) : null;
    const delay = backoffDelay(attempt++, serverWait, options.random, options.backoff);
    notBefore = serverWait === null ? 0 : now + delay;
    // The retry flushes every write, those waiting for the debounce included.
    dueAt = null;
    firstWriteAt = null;
    schedule(delay, true, () => void flush());
    options.onBackOff(!(error instanceof ApiError) || error.status !== null, now + delay);
  }

  return {
    get paused() {
      return paused;
    },
    flush,
    writeQueued() {
      if (!active() || timer?.retry) return;
      const now = clock.now();
      const idle = running === null && dueAt === null && inStore === 0 && now - lastWriteAt >= options.flushDelayMs;
      lastWriteAt = now;
      // The first write after a quiet spell is not waited on: a dock change or a score reaches the server at
      // once. The writes that follow it while it is being sent are the burst the debounce gathers.
      if (idle) {
        void start(false);
        return;
      }
      firstWriteAt ??= now;
      const due = Math.min(now + options.flushDelayMs, firstWriteAt + options.maxFlushDelayMs);
      dueAt = due;
      // A timer already armed for no later fires, sees the later `dueAt` and waits for
      // the rest: one timer per wait, not one per write.
      if (!timer || timer.at > due) schedule(due - now, false, debounceFired);
    },
    storeStarted() {
      inStore++;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        // The last one failed (no `writeQueued()` follows): the debounce need not wait for the cap.
        if (--inStore === 0 && dueAt !== null && timer && !timer.retry && timer.at > dueAt) {
          schedule(Math.max(0, dueAt - clock.now()), false, debounceFired);
        }
      };
    },
    wake() {
      if (!active() || clock.now() < notBefore) return;
      cancel();
      void flush();
    },
    resume() {
      paused = false;
      attempt = 0;
      notBefore = 0;
      cancel();
      void flush();
    },
    cancel,
  };
}
