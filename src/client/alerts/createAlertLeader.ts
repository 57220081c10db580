import { type Clock, entersAlertQueue, type StreamEvent } from '../../api/index.ts';
import { type AlertMessage, alertKey } from './AlertMessage.ts';
import { type AlertEntry, type AlertMeta, type AlertStore, EMPTY_META } from './createAlertStore.ts';
import { type AlertIds, createAlertIds } from './createAlertIds.ts';
import type { PageRoster } from './createPageRoster.ts';

export interface AlertLeaderOptions {
  store: AlertStore;
  clock: Clock;
  roster: PageRoster;
  /** Every message the leader sends goes to every page, its own included. */
  send(message: AlertMessage): void;
  /** Puts this page's own beat (what it shows now) in the roster. */
  refresh(): void;
  /** Alerts dropped so far, as the last leader said. */
  dropped: number;
  max: number;
  settleMs: number;
  skipGraceMs: number;
  alertTimeoutMs: number;
  replayWindowMs: number;
}

/** The leading page's side: the one place that decides what shows next. */
export interface AlertLeader {
  /** Reads the stored queue, lets the pages say what they show, then starts deciding. */
  start(): Promise<void>;
  ingest(event: StreamEvent): void;
  done(page: string, seq: number): void;
  pageGone(page: string): void;
  /** A page came, or went in or out of OBS's program output. */
  pagesChanged(): void;
  command(command: 'skip' | 'clear', seq: number | null): void;
  setState(state: { paused: boolean; muted: boolean; at: number }): void;
  /** Stops deciding; resolves once every change is written, so the next leader reads it. */
  stop(): Promise<void>;
}

interface Showing {
  entry: AlertEntry;
  /** Pages still showing it. */
  left: Set<string>;
  timer: unknown;
  skipped: boolean;
}

export function createAlertLeader(options: AlertLeaderOptions): AlertLeader {
  const { store, clock, roster, send } = options;
  let waiting: AlertEntry[] = [];
  let showing: Showing | null = null;
  let meta: AlertMeta = EMPTY_META;
  let dropped = options.dropped;
  let ids: AlertIds = createAlertIds([], () => clock.now(), options.replayWindowMs);
  let ready = false;
  let stopped = false;
  let inbox: StreamEvent[] = [];
  let acks: string[] = [];
  let viewQueued = false;

  function publish(): void {
    if (viewQueued) return;
    viewQueued = true;
    // Once per turn: a drain that ends and starts alerts in one go sends one view.
    queueMicrotask(() => {
      viewQueued = false;
      if (stopped) return;
      const state = { showing: showing?.entry.event ?? null, waiting: waiting.length, paused: meta.paused, muted: meta.muted, dropped };
      const reason = held();
      send({ t: 'view', state: reason ? { ...state, held: reason } : state, showingSeq: showing?.entry.seq ?? null, tailSeq: meta.next - 1 });
    });
  }

  const held = (): 'paused' | 'hidden' | undefined => (meta.paused ? 'paused' : roster.anyInactive() ? 'hidden' : undefined);

  function setMeta(change: Partial<AlertMeta>): void {
    meta = { ...meta, ...change };
    store.setMeta(meta);
  }

  function pump(): void {
    publish();
    if (!ready || stopped || showing || held()) return;
    const entry = waiting.shift();
    if (entry) begin(entry, roster.ids());
  }

  /** Shows `entry` until `pages` are done; `announce` false when they already show it (a new leader took over). */
  function begin(entry: AlertEntry, pages: string[], announce = true): void {
    const timer = clock.setTimeout(() => end(entry.seq, true), options.alertTimeoutMs);
    showing = { entry, left: new Set(pages), timer, skipped: false };
    setMeta({ showing: entry.seq });
    void store.save();
    if (announce) send({ t: 'start', seq: entry.seq, event: entry.event, muted: meta.muted });
    publish();
  }

  /** The alert `seq` is over; `abort` tells the pages still showing it to stop. `stored`: one no page shows any more. */
  function end(seq: number, abort = false, stored?: AlertEntry): void {
    if (!stored && showing?.entry.seq !== seq) return;
    if (showing) clock.clearTimeout(showing.timer);
    showing = null;
    if (abort) send({ t: 'abort', seq });
    store.remove(seq);
    setMeta({ showing: null });
    void store.save();
    pump();
  }

  function doneBy(page: string, seq: number): void {
    if (showing?.entry.seq !== seq) return;
    showing.left.delete(page);
    if (showing.left.size === 0) end(seq);
  }

  function enqueue(event: StreamEvent): void {
    const queued = (id: string) => [showing?.entry, ...waiting].some((entry) => entry?.event.replayed && entry.event.id === id);
    if (!ids.admit(event, queued)) return;
    const entry = { seq: meta.next, event };
    setMeta({ next: meta.next + 1 });
    waiting.push(entry);
    store.put(entry);
    if (!event.replayed) store.setSeen(ids.list());
    if (waiting.length > options.max) {
      store.remove(waiting.shift()!.seq);
      dropped++;
    }
  }

  /** Tells the pages, once it is written, that `event` is stored: a later leader finds it without them. */
  function acknowledge(event: StreamEvent): void {
    acks.push(alertKey(event));
    if (acks.length > 1) return;
    queueMicrotask(() => {
      const keys = acks;
      acks = [];
      // Called after the changes of the turn: the write it waits for carries them.
      void store.save().then(() => send({ t: 'ack', keys }));
    });
  }

  function skip(seq: number | null): void {
    const current = showing;
    if (!current || current.entry.seq !== seq || current.skipped) return;
    current.skipped = true;
    send({ t: 'abort', seq });
    clock.clearTimeout(current.timer);
    current.timer = clock.setTimeout(() => end(seq), options.skipGraceMs);
  }

  function clear(upTo: number | null): void {
    const last = upTo ?? meta.next - 1;
    const dropping = waiting.filter((entry) => entry.seq <= last);
    waiting = waiting.filter((entry) => entry.seq > last);
    for (const entry of dropping) store.remove(entry.seq);
    void store.save();
    publish();
  }

  /**
   * Picks up after the last leader. The alert it showed goes on where pages still show it;
   * it is over if no page shows it and a page finished it; else (a reload) it starts again.
   */
  function settle(first: AlertEntry | undefined): void {
    if (stopped) return;
    options.refresh();
    const pages = first ? roster.presenting(first.seq) : [];
    ready = true;
    if (first && pages.length > 0) begin(first, pages, false);
    else if (first && roster.finished(first.seq)) end(first.seq, false, first);
    else if (first) waiting.unshift(first);
    const offered = inbox;
    inbox = [];
    for (const event of offered) {
      enqueue(event);
      acknowledge(event);
    }
    void store.save();
    pump();
  }

  return {
    async start() {
      const stored = await store.load();
      if (stopped) return;
      // A state heard while the store was read may be newer than the stored one.
      const { paused, muted, stateAt } = meta.stateAt > stored.meta.stateAt ? meta : stored.meta;
      meta = { ...stored.meta, paused, muted, stateAt };
      // The stored alerts' own ids too: they are queued whatever the list of ids says.
      const queuedIds = stored.entries.filter((entry) => !entry.event.replayed).map((entry) => entry.event.id);
      ids = createAlertIds([...stored.seen, ...queuedIds], () => clock.now(), options.replayWindowMs);
      const first = stored.entries.find((entry) => entry.seq === meta.showing);
      waiting = stored.entries.filter((entry) => entry !== first);
      publish();
      clock.setTimeout(() => settle(first), options.settleMs);
    },
    ingest(event) {
      if (stopped || !entersAlertQueue(event.subscription.type)) return;
      if (!ready) return void inbox.push(event);
      enqueue(event);
      acknowledge(event);
      pump();
    },
    done: doneBy,
    pageGone(page) {
      if (showing) doneBy(page, showing.entry.seq);
      pump();
    },
    pagesChanged: pump,
    command: (command, seq) => (command === 'skip' ? skip(seq) : clear(seq)),
    setState(state) {
      if (state.at < meta.stateAt) return;
      const changed = state.paused !== meta.paused || state.muted !== meta.muted;
      // The time is stored too: a new leader must know a page's older news from this one.
      setMeta({ paused: state.paused, muted: state.muted, stateAt: state.at });
      void store.save();
      // Every page hears the same news (and the news of every report): only a change is news to the pages.
      if (changed) pump();
    },
    stop() {
      stopped = true;
      if (showing) clock.clearTimeout(showing.timer);
      return store.save();
    },
  };
}
