import type { BrowserContext } from 'playwright-core';

// A plain string, not a function: Playwright would serialize a function with the helpers tsx adds to it.
// Runs in the top frame of every page of the context and reports each module frame that the host marks
// ready, and each move of one (a new transform), through the context's `benchFrame` binding.
const FRAME_WATCH = `(() => {
  if (window.top !== window) return;
  new MutationObserver((records) => {
    for (const { target, attributeName } of records) {
      if (!(target instanceof HTMLIFrameElement) || !target.dataset.moduleId) continue;
      if (attributeName === 'data-state' && target.dataset.state === 'ready') window.benchFrame({ id: target.dataset.moduleId, ready: true });
      if (attributeName === 'style') window.benchFrame({ id: target.dataset.moduleId, transform: target.style.transform });
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-state', 'style'] });
})();`;

/** What the watcher reports of one module frame. */
export interface FrameNews {
  id: string;
  ready?: true;
  transform?: string;
}

/**
 * Hears, in Node, when the overlay pages of a browser context mark a module
 * frame ready or move one: `next` resolves on the first report that matches.
 */
export class FrameWatcher {
  private waiting = new Set<{ match: (news: FrameNews) => boolean; done: () => void }>();

  static async install(context: BrowserContext): Promise<FrameWatcher> {
    const watcher = new FrameWatcher();
    await context.exposeBinding('benchFrame', (_source, news: FrameNews) => watcher.heard(news));
    await context.addInitScript({ content: FRAME_WATCH });
    return watcher;
  }

  /** Resolves once a report matches. */
  next(match: (news: FrameNews) => boolean, timeoutMs = 20_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const entry = {
        match,
        done: () => {
          clearTimeout(timer);
          this.waiting.delete(entry);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        this.waiting.delete(entry);
        reject(new Error(`no matching frame report within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiting.add(entry);
    });
  }

  private heard(news: FrameNews): void {
    for (const entry of [...this.waiting]) if (entry.match(news)) entry.done();
  }
}
