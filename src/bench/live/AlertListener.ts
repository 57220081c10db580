import type { BrowserContext } from 'playwright-core';

/** What the bench's alert module reports (src/bench/overlay/alertModule), or the alert box's picture decoded (alert.media). */
export type AlertMoment = 'event' | 'alert' | 'abort' | 'media';

/**
 * Hears, in Node, what the bench's alert module hands to `window.benchAlert`:
 * each event, alert and skip it saw, by the event's number, with the time
 * (Node's `performance.now()`) the binding was called.
 */
export class AlertListener {
  private readonly waiting = new Map<string, (at: number) => void>();

  static async install(context: BrowserContext, now: () => number): Promise<AlertListener> {
    const listener = new AlertListener();
    await context.exposeBinding('benchAlert', (_source, moment: unknown, n: unknown) => listener.heard(`${moment}:${n}`, now()));
    return listener;
  }

  /** Resolves with the time `moment` of alert `n` (its number, or for `media` the picture's URL) was heard. */
  next(moment: AlertMoment, n: number | string, timeoutMs = 15_000): Promise<number> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${moment} ${n} was not heard within ${timeoutMs} ms`)), timeoutMs);
      this.waiting.set(`${moment}:${n}`, (at) => {
        clearTimeout(timer);
        resolve(at);
      });
    });
  }

  private heard(key: string, at: number): void {
    this.waiting.get(key)?.(at);
    this.waiting.delete(key);
  }
}
