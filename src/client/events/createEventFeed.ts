import { type Clock, MISSED_EVENTS_WINDOW_MS, type StreamEvent, systemClock } from '../../api/index.ts';
import type { LiveEventsHook } from '../live/index.ts';
import type { EventCursorMemory } from './eventCursorMemory.ts';
import { fetchMissedEvents, type ListEvents, newestEvents } from './fetchMissedEvents.ts';
import { type Incoming, incomingOf } from './incomingOf.ts';

export interface EventFeedOptions {
  /** `GET /me/events` with the page's token. */
  list: ListEvents;
  memory: EventCursorMemory;
  /** @default systemClock */
  clock?: Clock;
  /** How old a missed event may be and still be handed over. @default MISSED_EVENTS_WINDOW_MS (10 min) */
  missedWindowMs?: number;
  /** Pause between tries of the start's history read. @default 2000 */
  retryMs?: number;
  /** Tries of the start's history read before live events go on without it. @default 5 */
  maxAttempts?: number;
  /**
   * When this start began (the page opened): events accepted since are new, older ones missed, even
   * those that came before the history could be read. @default the clock's time when the feed is made
   */
  startedAt?: number;
  /** How long the first start ever waits for the history's end before going on without it. @default 3000 */
  firstReadMs?: number;
  /** How often the history is read while the API has no live endpoint (`polling`). @default 5000 */
  pollMs?: number;
}

/** The stream events of one overlay (user, kind) in one tab: nothing missed, nothing twice, in order. */
export interface EventFeed {
  /** For the live connection: the cursor to resume from, and where its event messages go. */
  readonly hook: LiveEventsHook;
  /** Reads the remembered cursor; call it before the live connection starts, so it resumes from there. */
  load(): Promise<void>;
  /** Hands over what was missed, then live events (those that came meanwhile wait). */
  start(): void;
  /** Batches of events for the modules, oldest first; events handed over before any listener wait for the first. */
  listen(listener: (events: StreamEvent[]) => void): () => void;
  /** Without a live endpoint, new events are read from the history every `pollMs`; with one, not. */
  poll(on: boolean): void;
  stop(): void;
}

/** Ids remembered to drop repeats; far more than a replay after a reconnect or a tab takeover can bring. */
const MAX_SEEN = 10_000;

/**
 * The page's stream-event delivery (docs/events.md). Every source (the
 * start's history read, the live socket, the holder tab's relay) goes through
 * one ordered pump that drops what was handed over already (by id; a replay is
 * always handed over), marks what was accepted before this start `missed` (dropping
 * what is older than the window), and saves the cursor before handing over, so
 * a reload resumes after the last event the modules got.
 */
export function createEventFeed(options: EventFeedOptions): EventFeed {
  const { list, memory, clock = systemClock, missedWindowMs = MISSED_EVENTS_WINDOW_MS, retryMs = 2000, maxAttempts = 5, firstReadMs = 3000, pollMs = 5000 } = options;
  const startedAt = options.startedAt ?? clock.now();
  let phase: 'loading' | 'catching-up' | 'live' | 'stopped' = 'loading';
  let remembered: string | undefined;
  let cursor: string | undefined;
  let pumping = false;
  let pollTimer: unknown = null;
  let resetTo: string | undefined;
  const early: Incoming[] = [];
  const incoming: Incoming[] = [];
  const seen = new Set<string>();
  const held: StreamEvent[] = [];
  const listeners = new Set<(events: StreamEvent[]) => void>();

  function take(items: Incoming[]): void {
    if (phase === 'stopped') return;
    if (phase !== 'live') {
      early.push(...items);
      return;
    }
    incoming.push(...items);
    void pump();
  }

  async function pump(): Promise<void> {
    if (pumping) return;
    pumping = true;
    while (incoming.length > 0 && phase === 'live') {
      const before = cursor;
      const out = decide(incoming.splice(0));
      if (cursor !== undefined && cursor !== before) await memory.save(cursor).catch(() => undefined);
      handOver(out);
      if (resetTo !== undefined) readAfterReset();
    }
    pumping = false;
  }

  /** Moves the cursor over `items` and returns the events to hand over. */
  function decide(items: Incoming[]): StreamEvent[] {
    const out: StreamEvent[] = [];
    for (const [index, item] of items.entries()) {
      if (item.reset) {
        // What came after the reset waits for the history read (readAfterReset) to go first.
        resetTo = item.cursor;
        incoming.unshift(...items.slice(index + 1));
        break;
      }
      if (!item.record) {
        if (item.jump) cursor = item.cursor;
        else if (cursor === undefined) {
          // The socket is ready at the history's end, and this start has no position (its first read
          // failed or took too long): what was accepted since the page opened is read first, as after a reset.
          resetTo = item.cursor;
          incoming.unshift(...items.slice(index + 1));
          break;
        }
        continue;
      }
      // A replay is a new request every time, and the server never repeats one: it is always news.
      // Its cursor is the server's end, not its own place in the sequence: the position stays.
      if (item.record.replayed) {
        out.push(item.record);
        continue;
      }
      const key = item.record.id;
      if (seen.has(key)) continue;
      remember(key);
      if (item.cursor !== undefined) cursor = item.cursor;
      const shown = classify(item.record);
      if (shown) out.push(shown);
    }
    return out;
  }

  function remember(key: string): void {
    seen.add(key);
    if (seen.size > MAX_SEEN) seen.delete(seen.values().next().value as string);
  }

  /** Accepted before this start: missed (too old: dropped). */
  function classify(record: StreamEvent): StreamEvent | null {
    if (record.at >= startedAt) return record;
    if (record.at < clock.now() - missedWindowMs) return null;
    return { ...record, missed: true };
  }

  function handOver(events: StreamEvent[]): void {
    if (events.length === 0) return;
    if (listeners.size === 0) held.push(...events);
    for (const listener of listeners) listener(events);
  }

  /** After a reset, the events between the position and the socket's new start come from the history. */
  function readAfterReset(): void {
    const fallback = resetTo as string;
    resetTo = undefined;
    phase = 'catching-up';
    void catchUp(cursor, fallback);
  }

  /**
   * Reads what followed `after` (without a position: what was accepted since the page opened); it goes
   * before anything that waits. Failing that, `fallback` is the new position.
   */
  async function catchUp(after: string | undefined, fallback?: string): Promise<void> {
    let read: Incoming[] | null = null;
    for (let attempt = 1; attempt <= maxAttempts && phase === 'catching-up' && !read; attempt += 1) {
      try {
        if (after === undefined) {
          const newest = await newestEvents(list, clock, firstReadMs);
          if (!newest) throw new Error('history not read');
          read = sinceOpened(newest);
        } else {
          const missed = await fetchMissedEvents(list, after);
          read = [...missed.events.map((record) => ({ record })), { cursor: missed.cursor, jump: true }];
        }
      } catch {
        // Offline or no history endpoint: try again, and in the end go on with live events alone.
        if (attempt < maxAttempts) await new Promise<void>((resolve) => clock.setTimeout(() => resolve(), retryMs));
      }
    }
    incoming.unshift(...(read ?? (fallback === undefined ? [] : [{ cursor: fallback, jump: true }])));
    goLive();
  }

  /** One read of what followed the position; the next is scheduled after it, never two at once. */
  function pollLater(): void {
    pollTimer = clock.setTimeout(async () => {
      if (phase === 'live') {
        try {
          if (cursor === undefined) {
            // The first start's read failed: this read is the first one, and hands over the same as it would have.
            const newest = await newestEvents(list, clock, firstReadMs);
            if (newest) take(sinceOpened(newest));
          } else {
            const page = await fetchMissedEvents(list, cursor);
            take([...page.events.map((record) => ({ record })), { cursor: page.cursor, jump: true }]);
          }
        } catch {
          // Offline: the next read tries again.
        }
      }
      if (pollTimer !== null) pollLater();
    }, pollMs);
  }

  /** Of the history's newest events, those accepted since the page opened, then its end as the position. */
  function sinceOpened(newest: { events: StreamEvent[]; cursor: string }): Incoming[] {
    return [...newest.events.filter((record) => record.at >= startedAt).map((record) => ({ record })), { cursor: newest.cursor, jump: true }];
  }

  function goLive(): void {
    if (phase === 'stopped') return;
    phase = 'live';
    incoming.push(...early.splice(0));
    void pump();
  }

  return {
    hook: {
      after: () => cursor,
      receive: (message) => {
        const item = incomingOf(message);
        if (item) take([item]);
      },
    },
    async load() {
      remembered = await memory.load();
      if (cursor === undefined && remembered === undefined) {
        // The first start ever learns where the history ends now: an event posted while the live
        // connection opens is then replayed to it. Of what came before, it hands over only what was
        // accepted since the page opened (its frames may be ready, and a raid come, before this read).
        const newest = await newestEvents(list, clock, firstReadMs);
        if (newest) {
          cursor = newest.cursor;
          early.push(...sinceOpened(newest));
          void memory.save(cursor).catch(() => undefined);
        }
      }
      cursor ??= remembered;
    },
    start() {
      if (phase !== 'loading') return;
      if (remembered === undefined) {
        goLive(); // the first start ever: nothing old is handed over
        return;
      }
      phase = 'catching-up';
      void catchUp(remembered);
    },
    listen(listener) {
      listeners.add(listener);
      if (held.length > 0) listener(held.splice(0));
      return () => {
        listeners.delete(listener);
      };
    },
    poll(on) {
      if (on && pollTimer === null) pollLater();
      if (!on && pollTimer !== null) {
        clock.clearTimeout(pollTimer);
        pollTimer = null;
      }
    },
    stop() {
      phase = 'stopped';
      if (pollTimer !== null) clock.clearTimeout(pollTimer);
      pollTimer = null;
      early.length = 0;
      incoming.length = 0;
      listeners.clear();
    },
  };
}
