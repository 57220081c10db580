import type { AlertControl, AlertStore } from './alerts/index.ts';
import type { RateCounter } from './limits/index.ts';
import type { Events, OpenEventsOptions } from './events/index.ts';
import type { ApiAppOptions, MediaOptions } from './http/index.ts';
import type { LiveChangesOptions, LiveEndpoint, LiveOptions, ProfileNotices } from './live/index.ts';
import type { MediaLimits, S3MediaSpec } from './media/index.ts';
import type { ModuleCatalog } from './modules/index.ts';
import type { Registry } from './registry/index.ts';
import type { WebsiteSessions } from './sessions/index.ts';
import type { SignUpSettings, TwitchSignIn } from './signin/index.ts';
import type { DataStore, StoreSpec } from './store/index.ts';
import type { TwitchLink, TwitchSettings, TwitchStart } from './twitch/index.ts';

/** Twitch's routes, from the Twitch link: `GET /`'s states, `POST /twitch/eventsub`, `Connect Twitch`. */
export type TwitchRoutes = Pick<ApiAppOptions, 'twitchStates' | 'twitchWebhook' | 'twitchLogin'>;

/** The options of the API's services: the parsed flags of `npm run api`, `npm start` and `npm run dev`. */
export interface ComposeApiOptions {
  /** Users and tokens as a seed file holds them, parsed and checked here (a bad one throws SeedError). Ignored with `registry`. @default DEMO_SEED */
  seed?: unknown;
  /** A registry to use instead of one built from `seed` (not closed by `close()`). */
  registry?: Registry;
  /** `--reseed`: the seed's profiles replace the stored profiles of its users (else a stored profile wins). @default false */
  reseed?: boolean;
  /** The installed modules, or their folder (`--modules`): profile writes refuse other ids. @default none: only the form is checked */
  modules?: ModuleCatalog | string;
  /**
   * `memory`, `sqlite:<path>`, `redis://host:port[/db]`, a parsed spec, or an open store (closed by `close()`).
   * A redis store waits until Redis answers, and brings a registry shared through Redis unless `registry` is given.
   * @default 'memory'
   */
  store?: string | StoreSpec | DataStore;
  /** Receives the store's state lines (waiting for Redis, Redis gone, Redis back) and Twitch's. @default console.warn */
  log?: (line: string) => void;
  /** Lifetime of exchanged overlay tokens. @default 24 hours */
  tokenTtlMs?: number;
  /** Exchanged tokens alive per overlay id, the oldest dropped first. @default 32 */
  maxTokensPerOverlay?: number;
  /** Current time in ms. @default Date.now */
  now?: () => number;
  /** Receives the live endpoint's internal errors. @default console.error */
  onInternalError?: (error: unknown) => void;
  /** The stream events' retention and live replay bounds (docs/events.md). @default {} */
  events?: OpenEventsOptions;
  /** The live endpoint: its limits, its path (`/api/...` when the API is mounted there) and its replay log. `false`: none. @default {} */
  live?: false | (Partial<LiveOptions> & LiveChangesOptions);
  /** Proxies in front of the server (`--trust-proxy`), for the live endpoint's per-address budgets. @default 0 */
  trustProxy?: number;
  /** Lifetime of the website tokens made by signing in (`--session-days`). @default 30 */
  sessionDays?: number;
  /** The media library's limits and an S3-compatible bucket for its bytes. @default 25 / 250 MiB, everything in the data store */
  media?: { limits?: Partial<MediaLimits>; bucket?: S3MediaSpec };
  /** `--public-url`: the base of the media files' URLs. @default the origin each request came to */
  publicUrl?: string;
  /**
   * `--twitch-client-id` and the webhook flags: the Twitch link, whose connections `connectTwitch()` starts once
   * the server listens. `sleep` paces the device flow's polls (tests). Needs a store URL or spec, not an open store.
   */
  twitch?: TwitchSettings & Pick<TwitchStart, 'sleep'>;
  /** Twitch's routes of a link made elsewhere (tests, benchmarks); ignored with `twitch`. */
  twitchRoutes?: TwitchRoutes;
  /** `--signup twitch`: accounts made by signing in with Twitch (needs `twitch` or `twitchRoutes.twitchLogin`). */
  signup?: SignUpSettings;
}

/**
 * Everything `createApiApp` serves, as composeApi built it: the app builds none of it. Spread it into the app's
 * options and add the app's own settings: `createApiApp({ ...services, devRoutes: true })`.
 */
export interface ApiServices extends TwitchRoutes {
  /** The store the routes serve (`ComposedApi.store`). */
  store: DataStore;
  /** Users, tokens and profiles, resolving the website tokens of `sessions` (`ComposedApi.registry`). */
  registry: Registry;
  /** The stream events, heard by the live sockets (`ComposedApi.events`). */
  events: Events;
  sessions: WebsiteSessions;
  /** Tells live sockets of profile, layout and alert changes; undefined without the live endpoint. */
  notices?: ProfileNotices;
  modules?: ModuleCatalog;
  alerts: AlertStore;
  /** The alert commands: the state in `alerts`, its news through `notices`. */
  alertControl: AlertControl;
  /** The request budgets of the app and the sign-in; on Redis, shared by every instance. */
  counter: RateCounter;
  media: MediaOptions;
  signIn?: TwitchSignIn;
  /** The live endpoint was built: its path answers a plain GET with 426. */
  live: boolean;
  /** `--trust-proxy`, for the per-address budgets. */
  trustProxy: number;
  /** The clock everything was built with. @default Date.now */
  now?: () => number;
}

/** The API's services, built by `composeApi`, and the one shutdown of them all. */
export interface ComposedApi {
  /** The store the routes serve: the opened one, behind the live endpoint's change feed when there is one. */
  store: DataStore;
  /** Users, tokens and profiles; it also resolves the website tokens of `sessions`. */
  registry: Registry;
  /** The website tokens of signed-in streamers, beside the store. */
  sessions: WebsiteSessions;
  /** `events.append(...)` stores an event AND delivers it to every live socket of the user (every instance with Redis). */
  events: Events;
  /** The live endpoint (`/me/database/changes`); undefined with `live: false`. */
  live: LiveEndpoint | undefined;
  /** The Twitch link; undefined without `twitch`. */
  twitch: TwitchLink | undefined;
  services: ApiServices;
  /** Starts the Twitch connections (once the server listens: Twitch posts its webhook challenges there) and answers the lines to print. */
  connectTwitch(): Promise<string[]>;
  /** The server that serves the API: `close()` stops it after the live sockets got their 1001, before the stores close. */
  servedBy(server: { close(): Promise<void> }): void;
  /** Twitch (its leases released while the store answers), the live sockets, the server, events, registry, sessions, alerts, media, store. Safe to call twice. */
  close(): Promise<void>;
}
