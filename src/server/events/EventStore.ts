import type { PostEvent, StreamEvent } from '../../api/index.ts';
import type { EventRate } from './eventRate.ts';

/** What a source hands the store: the posted body plus where it came from. */
export interface NewEvent extends PostEvent {
  source: StreamEvent['source'];
}

/** The answer of `append`: the stored record, and whether it is new (false: its id was stored before). */
export interface Appended {
  record: StreamEvent;
  cursor: string;
  created: boolean;
}

/** One page of history, oldest first (`GET /me/events`). */
export interface EventHistory {
  events: { cursor: string; record: StreamEvent }[];
  /** The cursor of the last event given, or the current end. */
  cursor: string;
  /** True when events after `after` were already dropped. */
  gap: boolean;
}

/**
 * Where a user's stream events are kept (memory, sqlite, redis), in the order
 * the server accepted them, deduplicated by id. Every source (POST /me/events,
 * the Twitch EventSub session, the webhook route) goes through `append`, which
 * also hands the record to the live channel.
 */
export interface EventStore {
  /**
   * Stores one event; a repeated `id` of the same user answers the stored record with `created: false` and is not delivered again.
   * With `rate` (`POST /me/events`), past the user's rate it rejects with EventRateExceeded and stores nothing.
   */
  append(userId: string, event: NewEvent, rate?: EventRate): Promise<Appended>;
  /** History after `after` (oldest first, at most `limit`), or the newest `limit` without it. */
  list(userId: string, options: { after?: string; limit: number }): Promise<EventHistory>;
  /** One stored event by id, or undefined. */
  find(userId: string, id: string): Promise<StreamEvent | undefined>;
  /** The events accepted at or after `since` (Unix ms), oldest first. */
  since(userId: string, sinceMs: number): Promise<StreamEvent[]>;
}

/** Told of each new record (not of repeats), synchronously, in the order the store accepted them: the live channel's feed. */
export type OnAppended = (userId: string, cursor: string, recordJson: string) => void;

/** What the memory and sqlite logs are built with. */
export interface EventLogOptions {
  /** What is kept. @default DEFAULT_EVENT_RETENTION */
  retention?: Partial<import('./EventRetention.ts').EventRetention>;
  /** Current time in ms (the records' `at`, and age-based dropping). @default Date.now */
  now?: () => number;
  /** A fresh id for an event posted without one. @default crypto.randomUUID */
  randomId?: () => string;
  onAppended?: OnAppended;
}
