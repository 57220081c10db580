import { type ReadonlySignal, signal } from '@preact/signals-core';
import { type Clock, type Json, LIVE_CLOSE, type LiveAuth, LiveServerMessageSchema, type LiveStatus, systemClock } from '../../api/index.ts';
import { type BackoffOptions, backoffDelay } from '../retry/index.ts';
import { type LiveEventsHook, readLiveEvent } from './liveEvents.ts';
import type { LiveAlerts } from './LiveAlerts.ts';
import type { LiveNews } from './LiveNews.ts';
import { liveAddress, type LiveSocket, type OpenSocket, openWebSocket, type ProbeEndpoint, probeWithFetch, probeWithin } from './LiveSocket.ts';

/** One accepted write, as the server announced it. */
export interface LiveChange {
  moduleId: string;
  name: string;
  value: Json;
  from: string;
}

export interface LiveConnectionOptions {
  /** The API base, absolute or relative to the page. */
  baseUrl: string;
  /** The overlay token, asked at each connect (it may have been exchanged again). */
  getToken(): string | undefined;
  onChange(change: LiveChange): void;
  /** The server cannot replay what was missed (or this is the first connect): re-read what is shown. */
  onResync(): void;
  /** Stream events on the same socket (docs/events.md). @default none: no `eventsAfter`, events ignored */
  events?: LiveEventsHook;
  /** Profile and layout news on the same socket. @default none: ignored */
  news?: LiveNews;
  /** The alert state and commands on the same socket (docs/alerts.md). @default none: ignored */
  alerts?: LiveAlerts;
  /** @default a browser WebSocket */
  openSocket?: OpenSocket;
  /** @default a plain fetch GET */
  probe?: ProbeEndpoint;
  /** @default systemClock */
  clock?: Clock;
  /** @default Math.random */
  random?: () => number;
  /** @default 500 ms base, 15 s cap (full jitter) */
  backoff?: Partial<BackoffOptions>;
  /** Silence after which the connection counts as dead. @default 40000 (the server pings every 15 s) */
  silenceMs?: number;
  /** How often a page without the endpoint asks again whether it has one now. @default 60000 */
  reprobeMs?: number;
  /** Why the page polls instead (shown in debug mode); `undefined` once it is live again. */
  onFallback?(reason: string | undefined): void;
  /**
   * The server refused the token (close 4401): the page's token renewal gets a new one,
   * which reaches the connection through `getToken` and `wake`. Until then it retries with backoff.
   */
  onRefused?(reason: string): void;
  /** The server took the token (`ready`): the token works. */
  onAccepted?(): void;
}

/** One live connection to `/me/database/changes`: reconnects, resumes from its cursor, falls back to polling. */
export interface LiveConnection {
  readonly state: ReadonlySignal<LiveStatus>;
  start(): void;
  stop(): void;
  /** A good moment to try again now (back online, new token), unless connected. */
  wake(): void;
}

/** The server pings every 15 s; this much silence means the connection is gone (docs/live-sync.md, "The conversation"). */
const LIVE_SILENCE_MS = 40_000;

const DEFAULT_LIVE_BACKOFF: BackoffOptions = { baseMs: 500, capMs: 15_000, maxRetryAfterMs: 15_000 };

/**
 * Opens the live connection and keeps it open. The token travels in the first
 * message, never in the address. A socket that fails before opening is followed
 * by a plain GET of the endpoint: 404 means the API has none (polling), anything
 * else a retry with backoff.
 */
export function createLiveConnection(options: LiveConnectionOptions): LiveConnection {
  const { clock = systemClock, random = Math.random, silenceMs = LIVE_SILENCE_MS, reprobeMs = 60_000 } = options;
  const backoff = { ...DEFAULT_LIVE_BACKOFF, ...options.backoff };
  const openSocket = options.openSocket ?? openWebSocket;
  const probe = options.probe ?? probeWithFetch;
  const state = signal<LiveStatus>('connecting', { name: 'live.state' });
  let socket: LiveSocket | null = null;
  let cursor: string | undefined;
  let attempt = 0;
  let timer: unknown = null;
  let silence: unknown = null;
  let running = false;
  /** Whether the current socket ever opened: one that never did may mean "no endpoint". */
  let opened = false;

  function later(ms: number, fn: () => void): void {
    if (timer !== null) clock.clearTimeout(timer);
    timer = clock.setTimeout(() => {
      timer = null;
      fn();
    }, ms);
  }

  function heard(): void {
    if (silence !== null) clock.clearTimeout(silence);
    silence = clock.setTimeout(() => dropped(opened), silenceMs);
  }

  function connect(): void {
    if (!running || socket) return;
    const token = options.getToken();
    if (!token) {
      retry();
      return;
    }
    opened = false;
    try {
      socket = openSocket(liveAddress(options.baseUrl).ws);
    } catch {
      state.value = 'polling';
      return;
    }
    const current = socket;
    // A connect that hangs counts as silence too.
    heard();
    current.onopen = () => {
      opened = true;
      heard();
      const eventsAfter = options.events?.after();
      const auth: LiveAuth & { eventsAfter?: string } = {
        type: 'auth',
        token,
        ...(cursor !== undefined && { since: cursor }),
        ...(eventsAfter !== undefined && { eventsAfter }),
      };
      current.send(JSON.stringify(auth));
    };
    current.onmessage = (event) => receive(event.data);
    current.onclose = (event) => {
      if (socket !== current) return;
      // Too many connections for this overlay: another socket would be refused too, and polling still shows every change.
      if (event.code === LIVE_CLOSE.tooMany) tooMany(event.reason);
      else {
        dropped(opened);
        // After dropped(): the renewal may hand in a new token and wake the connection at once.
        // A socket that still carried the token a renewal has since replaced refuses nothing new:
        // told, it would pass for a refusal of the fresh token.
        if (event.code === LIVE_CLOSE.unauthorized && token === options.getToken()) options.onRefused?.(event.reason);
      }
    };
    current.onerror = () => undefined;
  }

  function receive(data: unknown): void {
    heard();
    let parsed: unknown;
    try {
      parsed = JSON.parse(String(data));
    } catch {
      return;
    }
    const events = options.events && readLiveEvent(parsed);
    if (events) options.events?.receive(events);
    const message = LiveServerMessageSchema.safeParse(parsed);
    if (!message.success) return;
    const m = message.data;
    if (m.type === 'ready') {
      attempt = 0;
      // The stored alert state, read once the socket heard every later change: what a page back from a loss takes.
      // Handed on before the connection counts as live, so whoever waits for `live` finds it there.
      if (m.alerts) options.alerts?.({ type: 'alerts', ...m.alerts });
      state.value = 'live';
      options.onFallback?.(undefined);
      options.onAccepted?.();
      // Without a cursor, writes made between the page's reads and this moment were never announced.
      // With one, it is kept until the replay that follows has arrived: taking `ready`'s
      // cursor at once would skip that replay if the connection broke right after `ready`.
      if (cursor === undefined) {
        cursor = m.cursor;
        options.onResync();
      } else {
        // Back after a lost connection: profile and layout news are never replayed.
        options.news?.();
      }
    } else if (m.type === 'profile') {
      options.news?.();
    } else if (m.type === 'layout') {
      options.news?.(m.layout);
    } else if (m.type === 'alerts' || m.type === 'alertCommand') {
      options.alerts?.(m);
    } else if (m.type === 'change') {
      cursor = m.cursor;
      options.onChange({ moduleId: m.moduleId, name: m.name, value: m.value as Json, from: m.from });
    } else if (m.type === 'reset') {
      cursor = m.cursor;
      options.onResync();
    }
  }

  /** The socket closed, failed to open, or went silent. */
  function dropped(opened: boolean, next = true): void {
    const gone = socket;
    socket = null;
    if (silence !== null) clock.clearTimeout(silence);
    silence = null;
    if (gone) {
      gone.onopen = gone.onmessage = gone.onclose = gone.onerror = null;
      try {
        gone.close();
      } catch {
        // Already closed.
      }
    }
    if (!running || !next) return;
    if (state.peek() !== 'polling') state.value = 'connecting';
    if (opened) retry();
    else void checkEndpoint();
  }

  function tooMany(reason: string): void {
    dropped(false, false);
    state.value = 'polling';
    options.onFallback?.(`${reason || 'Too many live connections'} (${LIVE_CLOSE.tooMany}): polling instead`);
    later(reprobeMs, connect);
  }

  async function checkEndpoint(): Promise<void> {
    let status: number | null = null;
    try {
      status = await probeWithin(probe, liveAddress(options.baseUrl).http, clock, silenceMs);
    } catch {
      // No network, or no answer within the silence time: a retry later tells.
    }
    if (!running) return;
    if (status === 404) {
      state.value = 'polling';
      options.onFallback?.('the API has no live endpoint (404): polling instead');
      later(reprobeMs, connect);
    } else {
      retry();
    }
  }

  function retry(): void {
    later(backoffDelay(attempt++, null, random, backoff), connect);
  }

  return {
    state,
    start() {
      if (running) return;
      running = true;
      connect();
    },
    stop() {
      running = false;
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
      dropped(false);
      state.value = 'connecting';
    },
    wake() {
      if (!running || socket || state.peek() === 'polling') return;
      attempt = 0;
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
      connect();
    },
  };
}
