import { type ReadonlySignal, signal } from '@preact/signals-core';
import type { AlertsSwitches, ModuleEntry, StreamEvent } from '../api/index.ts';
import type { AlertQueueView } from '../client/index.ts';
import type { AlertNews, PageAlertQueue, PageAlertQueueOptions } from './alerts/startPageAlertQueue.ts';

export interface FollowAlertsOptions extends Omit<PageAlertQueueOptions, 'active' | 'createQueue' | 'view' | 'heard'> {
  /** Loads the queue's code and joins the queue. @default openPageAlertQueue, loaded on demand: pages without alert modules never load it */
  open?: (options: Omit<PageAlertQueueOptions, 'createQueue'>) => Promise<PageAlertQueue>;
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
 * while it loads (events, OBS's word, the live channel's newest state) is kept and handed over.
 */
export function followAlerts(options: FollowAlertsOptions): PageAlerts {
  const open = options.open ?? (async (joining) => (await import('./alerts/startPageAlertQueue.ts')).openPageAlertQueue(joining));
  let wanted = false;
  let queue: PageAlertQueue | null = null;
  let loading = false;
  let active = true;
  const view = signal<AlertQueueView | null>(null, { name: 'pageAlerts.view' });
  const leave = () => {
    queue?.stop();
    queue = null;
  };
  const early: StreamEvent[] = [];
  let heard: AlertsSwitches | undefined;

  function join(): void {
    if (loading || queue) return;
    loading = true;
    open({ ...options, active, view, heard: () => heard }).then(
      (joined) => {
        loading = false;
        if (!wanted) return joined.stop();
        queue = joined;
        joined.setActive(active);
        joined.offer(early.splice(0));
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
      else if (wanted) early.push(...events);
      early.splice(0, early.length - EARLY_MAX);
    },
    news(news) {
      // Before the queue runs there is nothing to skip or clear; the state waits for it.
      if (news.type === 'alerts') heard = news.state;
      queue?.news(news);
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

