import { effect, type ReadonlySignal, signal } from '@preact/signals-core';
import type { ModuleEntry, StreamEvent } from '../api/index.ts';
import type { AlertQueueView } from '../client/index.ts';
import type { AlertNews, PageAlertQueue, PageAlertQueueOptions } from './alerts/startPageAlertQueue.ts';

export interface FollowAlertsOptions extends Omit<PageAlertQueueOptions, 'active'> {
  /** Loads the queue's code. @default a dynamic import: pages without alert modules never load it */
  load?: () => Promise<(options: PageAlertQueueOptions) => PageAlertQueue>;
}

/** The page's part in the browser's alert queue, as the rest of the page sees it. */
export interface PageAlerts {
  /** What the browser's queue shows and holds, as this page sees it; null while the page is not in the queue. */
  readonly view: ReadonlySignal<AlertQueueView | null>;
  /** The modules the page shows now: the page joins the queue while one of them declares `alerts`. */
  follow(entries: readonly ModuleEntry[]): void;
  /** Events from the page's feed, oldest first (the queue takes all but chat, each once). */
  offer(events: readonly StreamEvent[]): void;
  /** The live socket's alert news. */
  news(news: AlertNews): void;
  /** Whether OBS shows this page's source in its program output. */
  setActive(active: boolean): void;
  stop(): void;
}

/** Events a page keeps while its queue's code loads. */
const EARLY_MAX = 500;

/**
 * Joins the page to the alert queue only while one of its modules declares
 * `alerts` (docs/alerts-queue.md, "What the page does"). The queue's code is a
 * chunk of its own: a page without alert modules never loads it. What comes
 * while it loads (events, the live state, OBS's word) is kept and handed over.
 */
export function followAlerts(options: FollowAlertsOptions): PageAlerts {
  const load = options.load ?? (async () => (await import('./alerts/startPageAlertQueue.ts')).startPageAlertQueue);
  let wanted = false;
  let queue: PageAlertQueue | null = null;
  let loading = false;
  let active = true;
  const view = signal<AlertQueueView | null>(null, { name: 'pageAlerts.view' });
  let stopView = () => {};
  const leave = () => {
    stopView();
    queue?.stop();
    queue = null;
    view.value = null;
  };
  const early: StreamEvent[] = [];
  const earlyNews: AlertNews[] = [];

  function join(): void {
    if (loading || queue) return;
    loading = true;
    load().then(
      (start) => {
        loading = false;
        if (!wanted) return;
        const joined = start({ ...options, active });
        queue = joined;
        stopView = effect(() => {
          view.value = joined.view.value;
        });
        queue.offer(early.splice(0));
        for (const news of earlyNews.splice(0)) queue.news(news);
      },
      () => {
        // The page's server went away: the next selection change tries again.
        loading = false;
      },
    );
  }

  return {
    view,
    follow(entries) {
      wanted = entries.some((entry) => entry.alerts === true);
      if (wanted) join();
      else {
        leave();
        early.length = 0;
      }
    },
    offer(events) {
      if (queue) queue.offer(events);
      else if (wanted) early.push(...events.slice(-EARLY_MAX));
      if (early.length > EARLY_MAX) early.splice(0, early.length - EARLY_MAX);
    },
    news(news) {
      if (queue) queue.news(news);
      else if (wanted && news.type !== 'alertCommand') earlyNews.push(news);
    },
    setActive(next) {
      active = next;
      queue?.setActive(next);
    },
    stop() {
      wanted = false;
      leave();
    },
  };
}
