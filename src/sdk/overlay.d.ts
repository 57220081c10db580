// The module SDK as a module author sees it. The SDK implementation is typed
// against this file, and `bundleSdk()` ships it as /sdk.d.ts (wrapped so that
// both `Overlay` the global and `import { Overlay } from '/sdk.mjs'` are typed).

/** Any JSON value; it round-trips exactly. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type Kind = 'game' | 'tool' | 'background' | 'event';

/** The closed set of error codes; every rejection carries one. */
export type ErrorCode =
  | 'BAD_REQUEST'
  | 'TOO_LARGE'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'UNAVAILABLE'
  | 'TIMEOUT'
  | 'BUSY'
  | 'INTERNAL';

/** What every SDK promise rejects with. */
export interface OverlayError extends Error {
  code: ErrorCode;
  message: string;
}

type Loose<T> = T & { [key: string]: unknown };

/** The streamer's profile without credentials (no overlay ids, no streamdeck token). */
export type PublicProfile = Loose<{
  user: Loose<{ userId: string; userName: string; streamerType: string; registered: string; role: string; tier: number }>;
  streamdeck: { [key: string]: unknown };
  selected: Loose<{ game: string; tools: string[]; background: string; event: string }>;
  preAccess: Loose<{ games: unknown[]; tools: unknown[]; background: unknown[]; events: unknown[] }>;
  favs: Loose<{ games: unknown[]; tools: unknown[]; backgrounds: unknown[]; events: unknown[] }>;
  twitch: Loose<{
    user: Loose<{
      id: string;
      name: string;
      userType: string;
      broadcasterType: string;
      views: number;
      description: string;
      pb: string;
      offlineImg: string;
      isBanned: boolean;
      bannedSince: number;
    }>;
    stream: Loose<{
      id: string;
      status: string;
      title: string;
      viewer: number;
      language: string;
      preview: string;
      game: Loose<{ id: string; name: string }>;
      uptime: Loose<{ startedAt: string; startedAtUnix: number; converted: string }>;
      lastStream: Loose<{ uptime: string; title: string; vod: string; startedAt: string }>;
      tags: unknown[];
      stats: number;
    }>;
  }>;
}>;

/** Where the page runs: `overlay` on stream, `panel` as the module's control page in the dock. */
export type ModuleContext = 'overlay' | 'panel';

/** What `Overlay.ready` resolves with. */
export interface ReadyInfo {
  /** This module's id (its folder name). */
  id: string;
  kind: Kind;
  profile: PublicProfile;
  /** `overlay` in the overlay page, `panel` in the dock (`panel.html`). */
  context: ModuleContext;
}

/** A key of this module changed from elsewhere; `key` is the plain name, `from` the writer's id. */
export interface ChangeEvent {
  key: string;
  value: Json;
  /** The writer's module id; empty when the page learned of the value by re-reading it (writer unknown). */
  from: string;
}

/** The write queue's state; `failed` lists this module's writes the server refused for good. */
export interface StatusEvent {
  online: boolean;
  pending: number;
  failed: { key: string; code: ErrorCode; message: string }[];
  /** How writes made elsewhere (another browser, a dock, a bot) reach this page. */
  live: LiveStatus;
}

/**
 * `live`: writes made elsewhere arrive as they happen; `polling`: by re-reading
 * every 5 s (the API has no live endpoint); `connecting`: neither yet (starting, or reconnecting).
 */
export type LiveStatus = 'live' | 'polling' | 'connecting';

/**
 * One stream event: Twitch EventSub's notification (`subscription` + `event`)
 * plus `id`, `at`, `source` and `test` (docs/events.md).
 */
export interface StreamEvent {
  /** Unique per streamer; the same event never reaches a module twice (a replay carries `replayed`). */
  id: string;
  /** Unix ms when the server accepted it. */
  at: number;
  /** `twitch` (an EventSub adapter) or `api` (`POST /me/events`: a bot, a Stream Deck button, a test). */
  source: 'twitch' | 'api';
  /** An emulated event (the dock's test buttons): show it, don't count it. */
  test: boolean;
  /** `type` is an EventSub subscription type (`channel.raid`) or a custom one (`custom.next-question`). */
  subscription: { type: string; version: string };
  /** The payload, as EventSub documents it for the type (or as the poster sent it). */
  event: { [key: string]: unknown };
  /** A replay the streamer asked for in the dock. */
  replayed?: boolean;
  /** Accepted while this overlay was not running; handed over at its start (at most 10 minutes old). */
  missed?: boolean;
}

/** A page of history, as `GET /me/events` answers. */
export interface EventPage {
  /** Oldest first. */
  events: StreamEvent[];
  /** Pass it as `after` to get the events that follow. */
  cursor: string;
  /** True when events after `after` were already dropped. */
  gap: boolean;
}

/** A stream event type: `channel.raid`, `channel.cheer`, `custom.next-question`, ... */
export type StreamEventType = `${string}.${string}`;

/**
 * Where the module's frame sits on the overlay's 1920x1080 canvas, in canvas pixels
 * (its stored box, else its default one: its manifest `position` with its design size).
 * The frame keeps its design size and is scaled to fit the box, aspect kept.
 */
export interface ModuleBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * One alert of the queue (docs/alerts-queue.md): the event record plus what the
 * queue adds. Modules that declare `"alerts": true` in module.json get them,
 * one at a time, the same alert in every alert module of the streamer's pages.
 */
export interface Alert extends StreamEvent {
  /** The streamer muted alerts: show it without sound. */
  muted: boolean;
  /** Aborts when the streamer skips the alert: take it off screen at once. */
  signal: AbortSignal;
  /** Ends the alert now, as its promise settling would. */
  done(): void;
}

/**
 * What an `alert` listener returns decides: a promise means the module shows
 * the alert until the promise settles (at most its manifest's `alertSeconds`,
 * 30 by default); `false` or nothing, returned at once, means "not mine".
 */
// biome-ignore lint/suspicious/noConfusingVoidType: `void` lets `(alert) => console.log(alert)` pass as "not mine"
export type AlertListener = (alert: Alert) => PromiseLike<unknown> | false | void | undefined;

/** The streamer's switches of the alert queue: `paused` (no new alert starts), `muted` (alerts without sound). */
export interface AlertsSwitches {
  paused: boolean;
  muted: boolean;
}

/** Payload of each event. */
export interface OverlayEvents {
  profile: PublicProfile;
  change: ChangeEvent;
  status: StatusEvent;
  visible: undefined;
  hidden: undefined;
  /** Every stream event, in the order the server accepted them. */
  event: StreamEvent;
  /** The module's box: once it is connected (in the overlay page, not in a dock panel) and whenever the streamer moves it. */
  layout: ModuleBox;
  /** Alert modules only: the streamer's pause and mute, at once when known and on every change (also while an alert shows). */
  alerts: AlertsSwitches;
}

/** One chat message as an event record (docs/twitch.md); `event` is EventSub's `channel.chat.message` payload. */
export interface ChatMessageRecord {
  id: string;
  at: number;
  source: 'twitch' | 'api';
  test: boolean;
  replayed?: boolean;
  missed?: boolean;
  subscription: { type: 'channel.chat.message'; version: string };
  event: { [key: string]: Json };
}

export interface OverlayApi {
  /** Resolves once the host has connected this module. */
  readonly ready: Promise<ReadyInfo>;
  readonly db: {
    /** `name` is this module's key, `other.id:name` another module's; undefined: never set. */
    get(key: string): Promise<Json | undefined>;
    /** Resolves once the value is durably queued; at most 64 KiB of JSON. */
    set(key: string, value: Json): Promise<void>;
  };
  /** The current profile, without credentials. */
  profile(): Promise<PublicProfile>;
  /**
   * Each setting declared in module.json: its stored value, or its default when
   * never set; a stored value the setting refuses (wrong type, out of range)
   * reads as the default too.
   */
  settings(): Promise<Record<string, Json>>;
  readonly events: {
    /** History: the newest `limit` (default 100, at most 1000), or the events after `after`, oldest first. */
    list(query?: { after?: string; limit?: number }): Promise<EventPage>;
  };
  /** Alert modules only (`"alerts": true`): each alert of the queue, one at a time; see AlertListener. */
  on(event: 'alert', listener: AlertListener): () => void;
  /** Listens to an event; returns the function that stops listening. */
  on<E extends keyof OverlayEvents>(event: E, listener: (data: OverlayEvents[E]) => void): () => void;
  /** Twitch chat messages: the `channel.chat.message` event records (as `SLIVE.on('chat')` on the hosted service). */
  on(event: 'chat', listener: (record: ChatMessageRecord) => void): () => void;
  /** Listens to one stream event type (`channel.raid`); the same record `on('event')` gets. */
  on(type: StreamEventType, listener: (event: StreamEvent) => void): () => void;
}

export const Overlay: OverlayApi;
export default Overlay;
