import type { ReadonlySignal } from '@preact/signals-core';
import type { Clock, StreamEvent } from '../../api/index.ts';
import type { KeyValueStore } from '../storage/index.ts';
import type { LockRequester, OpenChannel } from '../tabs/index.ts';

/** One page's alert modules, as the page sees them. */
export interface AlertMember {
  /**
   * Shows `alert` in every alert module of this page; resolves when all of them are done
   * (or timed out by their `alertSeconds`). A rejection counts as done. `signal` aborts
   * when the streamer skips the alert, or when the queue gives up on it.
   */
  present(alert: QueuedAlert, signal: AbortSignal): Promise<void>;
}

/** An alert as the pages get it: the event record, and whether it plays without sound. */
export interface QueuedAlert {
  event: StreamEvent;
  /** The streamer's mute when the alert started; later changes reach modules through the state. */
  muted: boolean;
}

/** What the queue of this browser is doing: what the page reports and the studio shows. */
export interface AlertQueueView {
  /** The alert showing now, or null. */
  showing: StreamEvent | null;
  /** How many wait after it. */
  waiting: number;
  paused: boolean;
  muted: boolean;
  /** Why nothing starts: the streamer paused, or a page of the queue is not in OBS's program output. */
  held?: 'paused' | 'hidden';
  /** Alerts dropped because more than `ALERT_QUEUE_MAX` waited, since the queue's pages started. */
  dropped: number;
}

/** The alert queue shared by the pages of one browser origin and user; one per page with alert modules. */
export interface AlertQueue {
  /** Every event the page's live feed hands on: chat is ignored, an event already queued or shown is dropped (by id). */
  offer(event: StreamEvent): void;
  /** `skip` ends the alert showing now on every page; `clear` drops every alert waiting now (later offers stay). */
  command(command: 'skip' | 'clear'): void;
  /** The streamer's stored state, from `GET /me/alerts` and the live `alerts` messages. */
  setState(state: { paused: boolean; muted: boolean }): void;
  /** Whether this page is in OBS's program output; while any page is not, no alert starts. */
  setActive(active: boolean): void;
  /** The queue as the leading page last told it; the same on every page. */
  readonly view: ReadonlySignal<AlertQueueView>;
  /** Whether this page leads the queue: one page per browser, so e.g. only it need report the view. */
  readonly leading: ReadonlySignal<boolean>;
  /** Leaves the queue: the alert this page shows is aborted and counts as done; another page leads if this one did. */
  close(): void;
}

/** Options of `createAlertQueue`; everything but `userId` and `member` has a default (times in ms). */
export interface AlertQueueOptions {
  /** One queue per user: the channel, the lock and the stored alerts are named by it. */
  userId: string;
  member: AlertMember;
  /** @default systemClock */
  clock?: Clock;
  /** Opens the channel between the pages. @default a BroadcastChannel */
  channel?: OpenChannel;
  /** Web Locks elect the leading page; `null` for a lease in `storage`. @default navigator.locks where present */
  locks?: LockRequester | null;
  /** Where waiting alerts, the one showing and the ids already queued are kept: pass the page's own local store. @default openLocalStore() */
  storage?: KeyValueStore;
  /** For this page's id where `crypto.randomUUID` is missing. @default Math.random */
  random?: () => number;
  /** This page's id among the queue's pages, unique per page load. @default a random one */
  pageId?: string;
  /** Every page says it is alive this often. @default 500 */
  beatMs?: number;
  /** A page silent this long has gone (closed or crashed): it counts as done. @default 1200 */
  staleMs?: number;
  /** A new leader waits this long for the pages to say what they show before it decides. @default 250 */
  settleMs?: number;
  /** After a skip, pages have this long to finish before the next alert starts anyway. @default 1000 */
  skipGraceMs?: number;
  /** The longest any alert may last, whatever a page does: it is then aborted and done. @default 130000 */
  alertTimeoutMs?: number;
  /** Most alerts waiting. @default ALERT_QUEUE_MAX (500) */
  max?: number;
  /** Two offers of the same replayed event this close together are one replay. @default 5000 */
  replayWindowMs?: number;
}
