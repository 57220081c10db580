import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import type { ComposeApiOptions, ComposedApi } from './ComposedApi.ts';
import { composeApi } from './composeApi.ts';
import { resolveEventRate, type EventRate, type Events } from './events/index.ts';
import { answerClientError, answerRequestError, answerShape, type ApiAppOptions, type ApiLimits, createApiApp, databaseLane, type EnvelopeOptions, resolveLimits } from './http/index.ts';
import { type LiveEndpoint, serveUpgradeAsRequest } from './live/index.ts';
import type { Registry } from './registry/index.ts';
import type { WebsiteSessions } from './sessions/index.ts';
import type { DataStore } from './store/index.ts';

export interface StartApiServerOptions extends ComposeApiOptions {
  /** TCP port; 0 picks a free one (read it from `port` or `url`). @default 0 */
  port?: number;
  /** Interface to listen on. @default '127.0.0.1' */
  host?: string;
  /** Size limits. @default 64 KiB per value, 1 MiB per body */
  limits?: Partial<ApiLimits>;
  /** Receives errors answered with 500. @default console.error */
  onInternalError?: (error: unknown) => void;
  /** Wraps bodies as the hosted service does (`ApiAppOptions.envelope`). @default false */
  envelope?: boolean | EnvelopeOptions;
  /**
   * Serves a handler of its own instead of the API alone (e.g. a page server mounting the API under /api). It is
   * handed the app's options as the server would serve them (composeApi's services, `limits`, `envelope`, ...):
   * `wrap: (app) => createPageApp({ distDir, api: createApiApp({ ...app, apiPath: '/api' }) })`.
   */
  wrap?: (app: ApiAppOptions) => { fetch: (request: Request) => Response | Promise<Response> };
  /** The per-user rate of `POST /me/events`. @default 100 per s, bursts of 1,000 */
  eventRate?: Partial<EventRate>;
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
  /** Starts the Twitch connections of `twitch` (none without) and answers the lines to print. */
  connectTwitch: ComposedApi['connectTwitch'];
  /** Stops Twitch, closes live connections (1001), stops accepting, drops open connections, then closes the stores (composeApi). Safe to call twice. */
  close(): Promise<void>;
}

/** Starts the reference API (composeApi) on Node's HTTP server; resolves once it accepts connections. */
export async function startApiServer(options: StartApiServerOptions = {}): Promise<RunningApiServer> {
  const { port = 0, host = '127.0.0.1', envelope, eventRate } = options;
  // Everything that can refuse the options runs before a store is opened.
  const limits = resolveLimits(options.limits);
  const onInternalError = options.onInternalError ?? console.error;
  const api = await composeApi({ ...options, onInternalError });
  const { store, registry, events, live } = api;
  const appOptions: ApiAppOptions = { ...api.services, limits, onInternalError, envelope, eventRate };
  const app = options.wrap?.(appOptions) ?? createApiApp(appOptions);
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
  // Only with the endpoint: without an `upgrade` listener, Node serves upgrade requests as plain ones (the path then answers 404).
  if (live) {
    server.on('upgrade', (request, socket, head) => {
      if (!live.handleUpgrade(request, socket, head)) serveUpgradeAsRequest(request, socket, head, listener);
    });
  }
  try {
    await listen(server, port, host);
  } catch (error) {
    await api.close();
    throw error;
  }
  api.servedBy({ close: () => stop(server) });
  const actualPort = (server.address() as AddressInfo).port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`;
  return { url, port: actualPort, host, store, registry, sessions: api.sessions, live, events, connectTwitch: api.connectTwitch, close: api.close };
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
