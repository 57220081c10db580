import { effect, type Signal } from '@preact/signals-core';
import { type AlertReport, type AlertsSwitches, type Clock, type StreamEvent, systemClock } from '../../api/index.ts';
import { type AlertQueue, type AlertQueueOptions, type AlertQueueView, type LiveAlertMessage, loadAlertQueue } from '../../client/index.ts';
import type { ModuleHost } from '../../host/index.ts';
import { createAlertReporter } from './createAlertReporter.ts';

/** What the page hears of the alert state: the live socket's messages (a `ready`'s state among them: the hub hands it on as `alerts`). */
export type AlertNews = LiveAlertMessage;

export interface PageAlertQueueOptions {
  host: Pick<ModuleHost, 'presentAlert' | 'setAlertSwitches'>;
  userId: string;
  /** The newest state the live channel brought before the queue started, if any: then there is nothing to read. */
  heard?: () => AlertsSwitches | undefined;
  /** Whether the live socket is on its way to bring the state (its `ready` carries it): the queue then waits for it rather than read. */
  awaitsLive?: () => boolean;
  /** `GET /me/alerts`: the streamer's stored switches, read at the start when the live channel brings none. */
  readState(): Promise<AlertsSwitches>;
  /** `POST /me/alerts/report`. */
  report(report: AlertReport): Promise<void>;
  /** Whether OBS shows this page's source in its program output now. */
  active: boolean;
  /** Where the page keeps the queue's view (the studio shows it); null again once the page leaves. */
  view: Signal<AlertQueueView | null>;
  /** @default systemClock */
  clock?: Clock;
  /** The queue's factory (`loadAlertQueue()`'s). */
  createQueue: (options: AlertQueueOptions) => AlertQueue;
}

/** The page's running alert queue, fed by the page. */
export interface PageAlertQueue {
  offer(events: readonly StreamEvent[]): void;
  news(news: AlertNews): void;
  setActive(active: boolean): void;
  stop(): void;
}

/** The longest events wait for the switches' read before they enter the queue anyway (an API that does not answer). */
export const READ_WAIT_MS = 3000;

/** Loads the queue's code (a chunk of its own) and joins the queue. */
export async function openPageAlertQueue(options: Omit<PageAlertQueueOptions, 'createQueue'>): Promise<PageAlertQueue> {
  return startPageAlertQueue({ ...options, createQueue: await loadAlertQueue() });
}

/**
 * Joins the browser's alert queue with this page's alert modules as its member
 * (docs/alerts-queue.md, "What the page does"): the queue hears the page's events,
 * the streamer's switches (the live channel's newest, or read at start when it has
 * brought none yet; then each live `ready`'s and `alerts` message's) and commands; the page's modules hear the switches;
 * the API hears what the queue does, from the leading page. Without the API the queue plays on from what
 * it has; the stored state wins once it answers again.
 */
export function startPageAlertQueue(options: PageAlertQueueOptions): PageAlertQueue {
  const { host, clock = systemClock, createQueue } = options;
  const queue = createQueue({ userId: options.userId, member: { present: (alert, signal) => host.presentAlert(alert, signal) }, clock });
  queue.setActive(options.active);
  // A read answered after a live `alerts` message is older than it: the message wins.
  let heard = 0;
  const apply = ({ paused, muted }: AlertsSwitches) => {
    const switches = { paused, muted };
    queue.setState(switches);
    host.setAlertSwitches(switches);
  };
  // Events that come while the switches are being read wait for the answer (at most READ_WAIT_MS): an alert
  // that started before a mute the page had not yet read would play aloud.
  let held: StreamEvent[] | null = null;
  const release = () => {
    const events = held ?? [];
    held = null;
    for (const event of events) queue.offer(event);
  };
  let reads = 0;
  // A read that went out before the live socket was up misses a mute made in between: that socket's `ready` brings it.
  const read = () => {
    const at = heard;
    const own = ++reads;
    held ??= [];
    const bound = clock.setTimeout(release, READ_WAIT_MS);
    const settle = () => {
      clock.clearTimeout(bound);
      if (own === reads) release();
    };
    options.readState().then(
      (switches) => {
        if (at === heard) apply(switches);
        settle();
      },
      settle,
    );
  };
  const stopView = effect(() => {
    options.view.value = queue.view.value;
  });
  const reporter = createAlertReporter(clock, (report) => options.report(report));
  // Only the leading page reports (the view is the same on every page). Its first view is its empty
  // start, not what the queue holds: reports wait for the leader's word.
  const initial = queue.view.peek();
  const stopReports = effect(() => {
    const view = queue.view.value;
    if (queue.leading.value && view !== initial) reporter.push(view);
  });
  // Events wait for the live state as they would for a read; without it in READ_WAIT_MS, the state is read.
  const awaitLive = () => {
    held ??= [];
    const bound = clock.setTimeout(() => held && read(), READ_WAIT_MS);
    stopWaiting = () => clock.clearTimeout(bound);
  };
  let stopWaiting = () => {};
  const known = options.heard?.();
  if (known) apply(known);
  else if (options.awaitsLive?.()) awaitLive();
  else read();
  return {
    offer(events) {
      if (held) held.push(...events);
      else for (const event of events) queue.offer(event);
    },
    news(news) {
      if (news.type === 'alertCommand') queue.command(news.command);
      else {
        heard += 1;
        apply(news.state);
        // The stored state is known now: what waited for it (for the live state or a read) starts.
        stopWaiting();
        release();
      }
    },
    setActive: (active) => queue.setActive(active),
    stop() {
      stopReports();
      stopView();
      options.view.value = null;
      reporter.stop();
      queue.close();
    },
  };
}
