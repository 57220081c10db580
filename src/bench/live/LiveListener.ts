import type { BrowserContext } from 'playwright-core';

/**
 * Hears, in Node, each value a page (or a module frame in it) hands to
 * `window.benchHeard`: a binding the context exposes to all its frames, so the
 * overlay's module and the bare page report the same way, at the same cost.
 */
export class LiveListener {
  private waiting = new Map<number, () => void>();

  static async install(context: BrowserContext): Promise<LiveListener> {
    const listener = new LiveListener();
    await context.exposeBinding('benchHeard', (_source, value: unknown) => listener.heard(value));
    return listener;
  }

  /** Resolves once `value` was heard. */
  next(value: number, timeoutMs = 10_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`value ${value} was not heard within ${timeoutMs} ms`)), timeoutMs);
      this.waiting.set(value, () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private heard(value: unknown): void {
    if (typeof value !== 'number') return;
    this.waiting.get(value)?.();
    this.waiting.delete(value);
  }
}
