import { effect, type ReadonlySignal, type Signal, signal } from '@preact/signals-core';
import { type Clock, isOlderAlertsRevision, type Json, type LiveAlertsMessage, type LiveStatus } from '../../api/index.ts';
import type { ApiClient } from '../http/index.ts';
import { createKeyRefresher, type KeyTarget } from './createKeyRefresher.ts';
import { createLiveConnection, type LiveChange, type LiveConnection, type LiveConnectionOptions } from './createLiveConnection.ts';
import { type AcceptedWrite, createLiveMerge } from './createLiveMerge.ts';
import type { LiveRelay } from './LiveRelay.ts';
import type { LiveEventsHook } from './liveEvents.ts';
import type { LiveAlertMessage, LiveAlerts } from './LiveAlerts.ts';
import type { LiveNews } from './LiveNews.ts';

export interface LiveSyncOptions {
  client: Pick<ApiClient, 'baseUrl' | 'currentToken' | 'dbGet' | 'dbValues'>;
  clock: Clock;
  random: () => number;
  /** True while the key has a local write the server has not accepted. */
  isPending(target: KeyTarget): boolean;
  /** Tells this tab's modules of a change made elsewhere. */
  emit(change: LiveChange & { remote: true }): void;
  /** Records a value the server holds (reads without network find it). */
  saveConfirmed(target: KeyTarget, value: Json): Promise<void>;
  /** Posts to the other tabs of the data space. */
  relay(message: LiveRelay): void;
  /** Stream events: the holder's socket carries them, the other tabs hear them relayed. */
  events?: LiveEventsHook;
  /** Profile and layout news: the holder's socket carries them, the other tabs hear them relayed. */
  news?: LiveNews;
  /** The alert state and commands: the holder's socket carries them, the other tabs hear them relayed. */
  alerts?: LiveAlerts;
  /** Socket and probe for tests. */
  connection?: LiveTransport;
  /** Where the state is kept. @default a new signal */
  state?: Signal<LiveStatus>;
  /** Where the reason for polling is kept, for debug mode (this tab's connection only). */
  fallbackReason?: Signal<string | undefined>;
  /** The server refused the token on the live connection (close 4401): the same as a 401 to an HTTP call. */
  onRefused?(): void;
  /** The server took the token on the live connection. */
  onAccepted?(): void;
  /** Re-read period without the endpoint. @default 5000 */
  pollMs?: number;
  /** How long an accepted write's echo may take before its key is re-read. @default 10000 */
  echoMs?: number;
}

/** How the connection reaches the server; tests hand in their own socket and probe. */
export type LiveTransport = Pick<LiveConnectionOptions, 'openSocket' | 'probe' | 'backoff' | 'silenceMs'>;

/** Live sync of one tab: the connection where this tab holds it, the merge rules, the fallback. */
export interface LiveSync {
  readonly state: ReadonlySignal<LiveStatus>;
  start(): void;
  stop(): void;
  /** This tab became the flusher of its data space: it opens the connection and relays what it hears. */
  gainedRole(): void;
  /** Another tab is the flusher now: this one closes its connection and listens to the relay. */
  lostRole(): void;
  /** A module of this tab read the key and got `value`. */
  read(target: KeyTarget, value: Json | undefined): void;
  /** A write made in this browser (this tab or another), already told to the modules. */
  wrote(write: AcceptedWrite): void;
  /** The server accepted a write this tab sent. */
  accepted(write: AcceptedWrite): void;
  /** The key's local write left the queue without being accepted. */
  settled(target: KeyTarget): void;
  /** Another tab relayed `message`. */
  relayReceived(message: LiveRelay): void;
  /** A good moment to reconnect (online again, page visible, new token). */
  wake(): void;
}

export function createLiveSync(options: LiveSyncOptions): LiveSync {
  const { clock, pollMs = 5000, echoMs = 10_000 } = options;
  const state = options.state ?? signal<LiveStatus>('connecting', { name: 'live.state' });
  const merge = createLiveMerge({ isPending: options.isPending, now: () => clock.now() });
  /** This browser's latest write of each key: its echo, if it slips past the merge (the role moved), is not news. */
  const lastLocal = new Map<string, string>();
  const idOf = (target: KeyTarget) => `${target.moduleId}\u0000${target.name}`;
  const refresher = createKeyRefresher({
    client: options.client,
    isPending: options.isPending,
    onNewer: (change) => tell({ ...change, from: '' }, holding()),
  });
  let connection: LiveConnection | null = null;
  let stopMirror: (() => void) | null = null;
  let tick: unknown = null;
  let running = false;
  const holding = () => connection !== null;
  const { events, news, alerts } = options;
  /**
   * The newest alert state this tab heard. Two instances' states may cross on their way (docs/alerts.md):
   * an older one that comes later is not news. A tab that starts later gets it with the holder's answer to its hello.
   */
  let alertState: LiveAlertsMessage | undefined;
  const isNews = (message: LiveAlertMessage) => {
    if (message.type !== 'alerts') return true;
    if (alertState && isOlderAlertsRevision(message.revision, alertState.revision)) return false;
    alertState = message;
    return true;
  };

  /** Tells this tab's modules; the holder also records it and tells the other tabs. */
  function tell(change: LiveChange, asHolder: boolean): void {
    refresher.know(change, change.value);
    options.emit({ ...change, remote: true });
    if (!asHolder) return;
    void options.saveConfirmed(change, change.value).catch(() => undefined);
    options.relay({ t: 'live', ...change });
  }

  function applyFromServer(changes: LiveChange[]): void {
    for (const change of changes) {
      const id = idOf(change);
      if (lastLocal.get(id) === JSON.stringify([change.from, change.value]) && refresher.knows(change, change.value)) {
        lastLocal.delete(id);
        continue;
      }
      tell(change, true);
    }
  }

  function resync(): void {
    merge.clear();
    options.relay({ t: 'live-resync' });
    void refresher.refresh();
  }

  function everyTick(): void {
    tick = clock.setTimeout(everyTick, pollMs);
    if (state.peek() === 'polling') void refresher.refresh();
    else if (holding()) void refresher.refresh(merge.overdue(echoMs));
  }

  function hold(): void {
    connection = createLiveConnection({
      ...options.connection,
      baseUrl: options.client.baseUrl,
      getToken: () => options.client.currentToken(),
      clock,
      random: options.random,
      onChange: (change) => applyFromServer(merge.receive(change)),
      onResync: resync,
      onFallback: (reason) => {
        if (options.fallbackReason) options.fallbackReason.value = reason;
      },
      onRefused: () => options.onRefused?.(),
      onAccepted: () => options.onAccepted?.(),
      news:
        news &&
        ((layout) => {
          news(layout);
          options.relay({ t: 'live-news', layout });
        }),
      alerts:
        alerts &&
        ((message) => {
          if (!isNews(message)) return;
          alerts(message);
          options.relay({ t: 'live-alerts', m: message });
        }),
      events: events && {
        after: () => events.after(),
        receive(message) {
          events.receive(message);
          options.relay({ t: 'live-events', m: message });
        },
      },
    });
    const live = connection.state;
    stopMirror = effect(() => {
      state.value = live.value;
      options.relay({ t: 'live-state', state: live.value });
    });
    connection.start();
  }

  function release(): void {
    stopMirror?.();
    stopMirror = null;
    connection?.stop();
    connection = null;
    merge.clear();
  }

  return {
    state,
    start() {
      if (running) return;
      running = true;
      tick = clock.setTimeout(everyTick, pollMs);
      options.relay({ t: 'live-hello' });
    },
    stop() {
      running = false;
      if (tick !== null) clock.clearTimeout(tick);
      tick = null;
      release();
      state.value = 'connecting';
    },
    gainedRole() {
      if (running && !connection) hold();
    },
    lostRole() {
      if (!connection) return;
      release();
      state.value = 'connecting';
    },
    read: (target, value) => refresher.know(target, value),
    wrote(write) {
      refresher.know(write, write.value as Json);
      lastLocal.set(idOf(write), JSON.stringify([write.from, write.value]));
    },
    accepted(write) {
      // Also while reconnecting: the replay from the cursor brings the echo (a reset, or the overdue check, ends the wait).
      if (!holding()) return;
      lastLocal.delete(idOf(write));
      applyFromServer(merge.accepted(write));
    },
    settled(target) {
      applyFromServer(merge.settled(target));
    },
    relayReceived(message) {
      if (message.t === 'live') {
        const { t: _t, ...change } = message;
        // Pending here, the key's write is one the holder had not heard of when it relayed this: the
        // server gets the write after it, so the write replaces it (the holder holds what comes later).
        if (!holding() && !options.isPending(change)) tell(change, false);
      } else if (message.t === 'live-state') {
        if (!holding()) state.value = message.state;
      } else if (message.t === 'live-events') {
        if (!holding()) events?.receive(message.m);
      } else if (message.t === 'live-news') {
        if (!holding()) news?.(message.layout);
      } else if (message.t === 'live-alerts') {
        if (!holding() && isNews(message.m)) alerts?.(message.m);
      } else if (message.t === 'live-resync') {
        if (!holding()) void refresher.refresh();
      } else if (holding()) {
        options.relay({ t: 'live-state', state: state.peek() });
        if (alertState) options.relay({ t: 'live-alerts', m: alertState });
      }
    },
    wake: () => connection?.wake(),
  };
}
