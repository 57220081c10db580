import { signal } from '@preact/signals-core';
import { ALERT_QUEUE_MAX, ALERT_SECONDS_MAX, type StreamEvent, entersAlertQueue, systemClock } from '../../api/index.ts';
import { openLocalStore } from '../storage/index.ts';
import { createTabChannel } from '../tabs/index.ts';
import { type AlertMessage, AlertMessageSchema, alertKey, type Beat } from './AlertMessage.ts';
import type { AlertQueue, AlertQueueOptions, AlertQueueView } from './AlertQueue.ts';
import { createAlertLeader, type AlertLeader } from './createAlertLeader.ts';
import { createAlertLock } from './createAlertLock.ts';
import { createAlertPresenter } from './createAlertPresenter.ts';
import { createAlertStore } from './createAlertStore.ts';
import { createPageRoster } from './createPageRoster.ts';

const EMPTY_VIEW: AlertQueueView = { showing: null, waiting: 0, paused: false, muted: false, dropped: 0 };

/**
 * Joins this page to the alert queue of its browser origin and user (docs/architecture.md, "The alert queue across pages").
 * The pages elect a leader with a Web Lock; it alone decides what shows, stores the queue
 * in IndexedDB and tells every page over a BroadcastChannel. Each page presents what it is
 * told, says when it is done, and says every `beatMs` that it is alive.
 */
export function createAlertQueue(options: AlertQueueOptions): AlertQueue {
  const { userId, clock = systemClock, beatMs = 500, staleMs = 1200 } = options;
  const storage = options.storage ?? openLocalStore({ clock });
  const self = options.pageId ?? newPageId(options.random ?? Math.random, clock.now());
  const view = signal<AlertQueueView>(EMPTY_VIEW, { name: 'alertQueue' });
  const leading = signal(false, { name: 'alertQueueLeading' });
  const roster = createPageRoster(clock, staleMs);
  const pending = new Map<string, StreamEvent>();
  const store = createAlertStore(storage, userId);
  // What the last view said: the numbers this page's commands refer to (null: no view yet, the leader takes its own).
  let known: { showingSeq: number | null; tailSeq: number | null } = { showingSeq: null, tailSeq: null };
  let active = true;
  let leader: AlertLeader | null = null;
  let lastState: Extract<AlertMessage, { t: 'state' }> | null = null;
  let closed = false;

  const presenter = createAlertPresenter(options.member, (seq) => toLeader({ t: 'done', page: self, seq }));
  const channel = createTabChannel<AlertMessage>({ name: `overlay-alerts:${userId}`, schema: AlertMessageSchema, onMessage: receive, open: options.channel });
  const lock = createAlertLock({ userId, locks: options.locks, storage, holder: self, clock });

  /** To every page, this one included. */
  function send(message: AlertMessage): void {
    channel.post(message);
    receive(message);
  }

  function toLeader(message: AlertMessage): void {
    if (closed) return;
    if (leader) receive(message);
    else channel.post(message);
  }

  function beat(): void {
    const message: Beat = { t: 'beat', page: self, active, presenting: presenter.current(), done: presenter.lastDone() };
    roster.heard(message);
    channel.post(message);
  }

  function receive(message: AlertMessage): void {
    if (!closed) handlers[message.t](message as never);
  }

  const handlers: { [T in AlertMessage['t']]: (message: Extract<AlertMessage, { t: T }>) => void } = {
    beat: (message) => roster.heard(message) && leader?.pagesChanged(),
    bye(message) {
      roster.leave(message.page);
      leader?.pageGone(message.page);
    },
    offer: (message) => leader?.ingest(message.event),
    ack(message) {
      for (const key of message.keys) pending.delete(key);
    },
    state: (message) => leader?.setState(message),
    command: (message) => leader?.command(message.command, message.seq),
    start: (message) => presenter.start(message.seq, { event: message.event, muted: message.muted }),
    abort: (message) => presenter.abort(message.seq),
    done(message) {
      // Kept for a leader still starting: it must not wait for a page that is already done.
      roster.finish(message.page, message.seq);
      leader?.done(message.page, message.seq);
    },
    view(message) {
      const sameShowing = known.showingSeq === message.showingSeq;
      known = { showingSeq: message.showingSeq, tailSeq: message.tailSeq };
      const { showing, waiting, paused, muted, held, dropped = 0 } = message.state;
      const next: AlertQueueView = held ? { showing, waiting, paused, muted, held, dropped } : { showing, waiting, paused, muted, dropped };
      if (!sameShowing || !sameView(view.peek(), next)) view.value = next;
    },
    leader(message) {
      if (message.page === self) return;
      // The new leader asks what each page shows, and gets what it may not have stored.
      beat();
      if (lastState) channel.post(lastState);
      for (const event of pending.values()) channel.post({ t: 'offer', event });
    },
  };

  function lead(): void {
    if (closed || leader) return;
    const next = createAlertLeader({
      store, clock, roster, send, refresh: beat, dropped: view.value.dropped,
      max: options.max ?? ALERT_QUEUE_MAX,
      settleMs: options.settleMs ?? 250,
      skipGraceMs: options.skipGraceMs ?? 1000,
      alertTimeoutMs: options.alertTimeoutMs ?? (ALERT_SECONDS_MAX + 10) * 1000,
      replayWindowMs: options.replayWindowMs ?? 5000,
    });
    leader = next;
    leading.value = true;
    send({ t: 'leader', page: self });
    void next.start();
    if (lastState) next.setState(lastState);
    for (const event of pending.values()) next.ingest(event);
    pending.clear();
  }

  let timer = clock.setTimeout(function tick() {
    if (closed) return;
    beat();
    for (const page of roster.sweep(self)) leader?.pageGone(page);
    timer = clock.setTimeout(tick, beatMs);
  }, 0);

  lock.start((held) => {
    if (held) return lead();
    void leader?.stop();
    leader = null;
    leading.value = false;
  });

  return {
    view,
    leading,
    offer(event) {
      // Checked here too (the leader checks every offer): a chat event costs no message.
      if (closed || !entersAlertQueue(event.subscription.type)) return;
      if (leader) return leader.ingest(event);
      const key = alertKey(event);
      pending.delete(key);
      pending.set(key, event);
      // Bounded: without a leader for long, the oldest would be dropped by the queue anyway.
      if (pending.size > (options.max ?? ALERT_QUEUE_MAX)) pending.delete(pending.keys().next().value!);
      channel.post({ t: 'offer', event });
    },
    command(command) {
      const seq = command === 'skip' ? known.showingSeq : known.tailSeq;
      if (command === 'skip' && seq === null) return;
      toLeader({ t: 'command', command, seq });
    },
    setState(state) {
      lastState = { t: 'state', paused: state.paused, muted: state.muted, at: clock.now() };
      toLeader(lastState);
    },
    setActive(next) {
      if (closed || next === active) return;
      active = next;
      beat();
      leader?.pagesChanged();
    },
    close() {
      if (closed) return;
      presenter.stop();
      channel.post({ t: 'bye', page: self });
      closed = true;
      clock.clearTimeout(timer);
      const saved = leader?.stop() ?? Promise.resolve();
      leader = null;
      leading.value = false;
      channel.close();
      // The lock goes once the queue is written, so the next leader reads all of it.
      void saved.finally(() => lock.stop());
    },
  };
}

function newPageId(random: () => number, now: number): string {
  return globalThis.crypto?.randomUUID?.() ?? `page-${Math.floor(random() * 2 ** 52).toString(36)}-${now.toString(36)}`;
}

/** Views that say the same: the signal keeps its value, so the page reports nothing new. */
function sameView(a: AlertQueueView, b: AlertQueueView): boolean {
  const keys = ['waiting', 'paused', 'muted', 'held', 'dropped'] as const;
  return keys.every((key) => a[key] === b[key]) && a.showing?.id === b.showing?.id;
}
