import type { Alert, AlertListener, StreamEvent } from './overlay.d.ts';

/** Sends one call to the host; its answer does not matter here (a lost one is covered by the host's `alertSeconds`). */
type Tell = (method: 'alert.result' | 'alert.done', params: { n: number; showing?: boolean }) => void;

/** The SDK's side of the alert queue (docs/alerts-queue.md, "In a module"). */
export interface AlertListeners {
  on(listener: AlertListener): () => void;
  /** The host's `alert` event: the alert `n` starts now. */
  start(data: unknown): void;
  /** The host's `alertAbort` event: the streamer skipped the alert `n`. */
  abort(data: unknown): void;
}

/**
 * Hands each alert to the `alert` listeners and tells the host what became of it:
 * a listener that returns a promise shows it until the promise settles (or until
 * `alert.done()`), one that returns anything else at once passes. A listener that
 * throws passes too; its error is reported on its own.
 */
export function createAlertListeners(tell: Tell, report: (error: unknown) => void): AlertListeners {
  const listeners = new Set<AlertListener>();
  const running = new Map<number, AbortController>();
  return {
    on(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    start(data) {
      const { n, event, muted } = (data ?? {}) as { n?: unknown; event?: unknown; muted?: unknown };
      if (typeof n !== 'number' || !event || typeof event !== 'object' || running.has(n)) return;
      const controller = new AbortController();
      running.set(n, controller);
      const done = () => {
        if (running.delete(n)) tell('alert.done', { n });
      };
      const alert: Alert = { ...(event as StreamEvent), muted: muted === true, signal: controller.signal, done };
      const shows = [...listeners].flatMap((listener) => showing(listener, alert, report));
      if (!running.has(n)) return; // done() was called by a listener already
      tell('alert.result', { n, showing: shows.length > 0 });
      if (shows.length === 0) running.delete(n);
      else void Promise.allSettled(shows).then(done);
    },
    abort(data) {
      const n = (data as { n?: unknown } | undefined)?.n;
      const controller = typeof n === 'number' ? running.get(n) : undefined;
      if (!controller) return;
      running.delete(n as number);
      controller.abort();
    },
  };
}

/** The listener's promise, if it returned one (it shows the alert); none when it passed or threw. */
function showing(listener: AlertListener, alert: Alert, report: (error: unknown) => void): PromiseLike<unknown>[] {
  try {
    const result = listener(alert);
    return result && typeof (result as PromiseLike<unknown>).then === 'function' ? [result as PromiseLike<unknown>] : [];
  } catch (error) {
    report(error);
    return [];
  }
}
