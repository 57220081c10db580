import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import {
  answerClientError,
  answerRequestError,
  answerShape,
  type ApiAppOptions,
  type ApiLimits,
  createApiApp,
  databaseLane,
  type EnvelopeOptions,
  type MediaOptions,
  resolveLimits,
} from './http/index.ts';
import { type EventRate, type Events, type OpenEventsOptions, openEvents, resolveEventRate } from './events/index.ts';
import {
  createLiveEndpoint,
  createProfileNotices,
  withProfileNews,
  type LiveChanges,
  type LiveChangesOptions,
  type LiveEndpoint,
  type LiveOptions,
  openLiveChanges,
  type ProfileNotices,
  resolveLiveOptions,
  serveUpgradeAsRequest,
} from './live/index.ts';
import { type AlertStore, openAlertStore } from './alerts/index.ts';
import { type MediaLimits, type MediaStore, openMediaStore, resolveMediaLimits, type S3MediaSpec } from './media/index.ts';
import { loadModuleCatalog, type ModuleCatalog } from './modules/index.ts';
import { DEMO_SEED, openRegistry, parseSeed, type Registry } from './registry/index.ts';
import { createWebsiteSessions, openSessionStore, type WebsiteSessions, withSessions } from './sessions/index.ts';
import { type DataStore, openStore, type StoreSpec } from './store/index.ts';

export interface StartApiServerOptions {
  /** TCP port; 0 picks a free one (read it from `port` or `url`). @default 0 */
  port?: number;
  /** Interface to listen on. @default '127.0.0.1' */
  host?: string;
  /**
   * Users and tokens as a seed file holds them: any value, because it is
   * parsed and validated here like a seed file (a bad one throws SeedError).
   * Ignored when `registry` is given. @default DEMO_SEED
   */
  seed?: unknown;
  /** A registry to use instead of one built from `seed`. */
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
  /** Receives the store's state lines (waiting for Redis, Redis gone, Redis back). @default console.warn */
  log?: (line: string) => void;
  /** Size limits. @default 64 KiB per value, 1 MiB per body */
  limits?: Partial<ApiLimits>;
  /** Lifetime of exchanged overlay tokens. @default 24 hours */
  tokenTtlMs?: number;
  /** Exchanged tokens alive per overlay id, the oldest dropped first. @default 32 */
  maxTokensPerOverlay?: number;
  /** Current time in ms, for token expiry. @default Date.now */
  now?: () => number;
  /** Receives errors answered with 500. @default console.error */
  onInternalError?: (error: unknown) => void;
  /** Wraps bodies as the hosted service does (`ApiAppOptions.envelope`). @default false */
  envelope?: boolean | EnvelopeOptions;
  /**
   * Serves a handler built around the store instead of the API alone (e.g. a page server mounting the API under /api);
   * pass `events` and `profile` on to `createApiApp` so that posted events and profile changes reach the live sockets.
   */
  wrap?: (
    store: DataStore,
    registry: Registry,
    events: Events,
    profile: { notices?: ProfileNotices; modules?: ModuleCatalog; sessions: WebsiteSessions; alerts: AlertStore; media: MediaOptions },
  ) => { fetch: (request: Request) => Response | Promise<Response> };
  /** The stream events' retention and live replay bounds (docs/events.md). @default {} */
  events?: OpenEventsOptions;
  /** The per-user rate of `POST /me/events`. @default 100 per s, bursts of 1,000 */
  eventRate?: Partial<EventRate>;
  /**
   * The live endpoint (`/me/database/changes`, see docs/live-sync.md): its limits, its path (`/api/...` when `wrap`
   * mounts the API there) and its replay log. `false` serves none: the path answers 404, like the hosted service.
   * @default {}
   */
  live?: false | (Partial<LiveOptions> & LiveChangesOptions);
  /**
   * Proxies in front of the server (`--trust-proxy`): the client of every per-address budget is the entry this many
   * places from the right of `X-Forwarded-For` (`clientAddress`); 0 reads the socket only. With `wrap`, pass it to
   * `createApiApp` too. @default 0
   */
  trustProxy?: number;
  /** Twitch's routes: `GET /`'s `twitch` states and `POST /twitch/eventsub` (see createTwitchLink). Ignored with `wrap`. */
  twitchRoutes?: Pick<ApiAppOptions, 'twitchStates' | 'twitchWebhook' | 'twitchLogin'>;
  /** `--signup twitch`: accounts made by signing in with Twitch (needs `twitchRoutes.twitchLogin`). Ignored with `wrap`. */
  signup?: ApiAppOptions['signup'];
  /** Lifetime of the website tokens made by signing in (`--session-days`). @default 30 */
  sessionDays?: number;
  /**
   * The media library: its limits (`--media-file-mb`, `--media-quota-mb`), and an S3-compatible bucket for its
   * bytes (`--media-store`), the index staying in the data store. @default 25 / 250 MiB, everything in the data store
   */
  media?: { limits?: Partial<MediaLimits>; bucket?: S3MediaSpec };
  /** `--public-url`: the base of the media files' URLs. @default the origin each request came to */
  publicUrl?: string;
}

export interface RunningApiServer {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:8787`. */
  url: string;
  port: number;
  host: string;
  store: DataStore;
  registry: Registry;
  /** The website tokens of signed-in streamers, beside the store (closed by `close()`). */
  sessions: WebsiteSessions;
  /** The live endpoint; undefined with `live: false`. */
  live: LiveEndpoint | undefined;
  /**
   * The user's stream events: `events.append(userId, {type, event, source: 'twitch', id?, version?, test?})`
   * stores AND delivers to every live socket of the user (on every instance with Redis). Closed by `close()`.
   */
  events: Events;
  /** Closes live connections (1001), stops accepting, drops open connections, then closes the store. Safe to call twice. */
  close(): Promise<void>;
}

/** Starts the reference API on Node's HTTP server; resolves once it accepts connections. */
export async function startApiServer(options: StartApiServerOptions = {}): Promise<RunningApiServer> {
  const { port = 0, host = '127.0.0.1', now, tokenTtlMs, maxTokensPerOverlay } = options;
  // Everything that can refuse the options runs before a store is opened.
  const limits = resolveLimits(options.limits);
  const seed = options.registry ? undefined : parseSeed(options.seed ?? DEMO_SEED);
  const liveOptions = options.live === false ? undefined : (options.live ?? {});
  if (liveOptions) resolveLiveOptions(liveOptions);
  const trustProxy = options.trustProxy ?? 0;
  if (!(Number.isSafeInteger(trustProxy) && trustProxy >= 0)) throw new RangeError('trustProxy must be an integer from 0: the number of proxies in front of the server');
  const mediaLimits = resolveMediaLimits(options.media?.limits);
  const modules = typeof options.modules === 'string' ? await loadModuleCatalog(options.modules) : options.modules;
  const opened = isStore(options.store) ? options.store : await openStore(options.store ?? 'memory', { log: options.log });
  let registry: Registry;
  let ownRegistry: Registry | undefined;
  let sessions: WebsiteSessions | undefined;
  let changes: LiveChanges | undefined;
  let events: Events | undefined;
  let mediaStore: MediaStore | undefined;
  try {
    sessions = createWebsiteSessions({ store: openSessionStore(opened, now), now, sessionDays: options.sessionDays });
    ownRegistry = options.registry ? undefined : await openRegistry(opened, seed!, { now, tokenTtlMs, maxTokensPerOverlay, reseed: options.reseed });
    // Every path that resolves a token (the app, the database lane, the live endpoint) sees signed-in website tokens.
    registry = withSessions(options.registry ?? ownRegistry!, sessions);
    if (liveOptions) changes = await openLiveChanges(opened, liveOptions);
    events = await openEvents(opened, options.events);
    mediaStore = openMediaStore(opened, options.media?.bucket);
  } catch (error) {
    await events?.close();
    await changes?.feed.close();
    await ownRegistry?.close?.();
    await sessions?.close();
    await opened.close();
    throw error;
  }
  const store = changes?.store ?? opened;
  const onInternalError = options.onInternalError ?? console.error;
  const { envelope, eventRate } = options;
  const openSessions = sessions!;
  // Opened last: nothing after it can fail before `close()` exists to close it.
  const alerts = openAlertStore(opened);
  const media = { store: mediaStore!, limits: mediaLimits, publicUrl: options.publicUrl };
  const notices = changes && createProfileNotices(changes.feed);
  // Every profile write sends its own news, whoever makes it: the routes, the developer routes, the Twitch refresh.
  if (notices) registry = withProfileNews(registry, notices);
  const profile = { notices, modules, sessions: openSessions, alerts, media };
  const app =
    options.wrap?.(store, registry, events, profile) ??
    createApiApp({ registry, store, limits, onInternalError, now, live: liveOptions !== undefined, envelope, events, eventRate, trustProxy, signup: options.signup, ...profile, ...options.twitchRoutes });
  const errorHandler = (error: unknown) => answerRequestError(error, onInternalError);
  const viaApp = getRequestListener(app.fetch, { errorHandler });
  // Served alone, the API answers its two database routes on Node's server itself, because the fetch
  // adapter's work was about half of each request's time (`npm run bench -- server`); the handlers are the same.
  const laneEvents = { registry, events, limits, rate: resolveEventRate(eventRate) };
  const lane = options.wrap ? undefined : databaseLane({ registry, store, limits, onInternalError, shape: answerShape(envelope), events: laneEvents });
  // Node's own Host check is off because it answers an empty 400; without it, a request with no Host
  // reaches the adapter, whose RequestError we answer as JSON like every other error.
  const listener = (incoming: IncomingMessage, outgoing: ServerResponse) => {
    if (!lane?.(incoming, outgoing)) void viaApp(incoming, outgoing);
  };
  const server = createServer({ requireHostHeader: false }, listener);
  server.on('clientError', answerClientError);
  const live = changes && createLiveEndpoint({ feed: changes.feed, events, registry, live: liveOptions, now, onInternalError, trustProxy });
  // Only with the endpoint: without an `upgrade` listener, Node serves upgrade requests as plain ones (the path then answers 404).
  if (live) {
    server.on('upgrade', (request, socket, head) => {
      if (!live.handleUpgrade(request, socket, head)) serveUpgradeAsRequest(request, socket, head, listener);
    });
  }
  try {
    await listen(server, port, host);
  } catch (error) {
    await live?.close();
    await events.close();
    await openSessions.close();
    await alerts.close();
    await media.store.close();
    await store.close();
    throw error;
  }
  const actualPort = (server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= Promise.resolve(live?.close())
      .then(() => stop(server))
      .then(() => events.close())
      .then(() => ownRegistry?.close?.())
      .then(() => openSessions.close())
      .then(() => alerts.close())
      .then(() => media.store.close())
      .finally(() => store.close());
    return closing;
  };
  return { url: `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`, port: actualPort, host, store, registry, sessions: openSessions, live, events, close };
}

function isStore(store: StartApiServerOptions['store']): store is DataStore {
  return typeof store === 'object' && store !== null && 'get' in store && typeof store.get === 'function';
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      reject(new Error(`cannot listen on ${host}:${port}: ${error.code ?? error.message}`));
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

function stop(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
