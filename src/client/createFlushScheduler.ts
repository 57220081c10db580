import { ApiError } from './ApiError.ts';
import { type BackoffOptions, backoffDelay } from './backoffDelay.ts';
import type { Clock } from './Clock.ts';
import type { FlushOutcome } from './flushQueue.ts';
import { parseRetryAfter } from './parseRetryAfter.ts';

export interface FlushSchedulerOptions {
  clock: Clock;
  random: () => number;
  backoff: BackoffOptions;
  /** Wait after a write before flushing. */
  flushDelayMs: number;
  /** True while this tab may send (started, flusher or memory-only). */
  canFlush(): boolean;
  /** One flush, until the queue is drained or something blocks it. */
  flushOnce(): Promise<FlushOutcome>;
  /** A retryable failure: nothing is sent before `retryAt`; `answered` when the API did respond. */
  onBackOff(answered: boolean, retryAt: number): void;
  /** 401/403 or no token: sending pauses until `resume`. */
  onAuthRequired(error: unknown): void;
  /** The queue went through: the backoff is over. */
  onDrained(): void;
}

/** When the queue flushes: triggers, the retry timer, backoff and the auth pause. */
export interface FlushScheduler {
  /** True from a 401/403 until `resume`. */
  readonly paused: boolean;
  /** Flushes now (joins a flush in progress). */
  flush(): Promise<void>;
  /** After a new write: flush after the short delay, unless a flush or a retry is already due. */
  soon(): void;
  /** A good moment (online, visible, a read got through): flush now, unless the server asked to wait. */
  wake(): void;
  /** Ends the auth pause and any backoff, and flushes (a new token came). */
  resume(): void;
  /** Drops the timer (the tab stopped, or lost the flusher role). */
  cancel(): void;
}

export function createFlushScheduler(options: FlushSchedulerOptions): FlushScheduler {
  const { clock } = options;
  let timer: { handle: unknown; retry: boolean } | null = null;
  let attempt = 0;
  let notBefore = 0;
  let paused = false;
  let running: Promise<void> | null = null;
  let again = false;
  const active = () => !paused && options.canFlush();

  function schedule(delay: number, retry: boolean): void {
    cancel();
    const handle = clock.setTimeout(() => {
      timer = null;
      void flush();
    }, delay);
    timer = { handle, retry };
  }

  function cancel(): void {
    if (timer) clock.clearTimeout(timer.handle);
    timer = null;
  }

  function flush(): Promise<void> {
    if (!active()) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = drain().finally(() => {
      running = null;
    });
    return running;
  }

  async function drain(): Promise<void> {
    do {
      again = false;
      settle(await options.flushOnce().catch((error: unknown): FlushOutcome => ({ kind: 'retry', error })));
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
    schedule(delay, true);
    options.onBackOff(!(error instanceof ApiError) || error.status !== null, now + delay);
  }

  return {
    get paused() {
      return paused;
    },
    flush,
    soon() {
      if (active() && !timer) schedule(options.flushDelayMs, false);
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
