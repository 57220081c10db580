import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { LIVE_CLOSE, type RevisedAlertsState } from '../../api/index.ts';
import { addressKey, clientAddress } from '../limits/index.ts';
import type { Events } from '../events/index.ts';
import type { TokenRegistry } from '../registry/index.ts';
import type { ChangeFeed } from './ChangeFeed.ts';
import { type LiveOptions, resolveLiveOptions } from './LiveOptions.ts';
import { LiveSession } from './LiveSession.ts';
import { PendingConnections } from './PendingConnections.ts';
import { UserConnections } from './UserConnections.ts';

export interface LiveEndpointOptions {
  feed: ChangeFeed;
  /** The user's stream events, relayed to each of the user's sockets; none without. */
  events?: Events;
  registry: TokenRegistry;
  /** The user's stored alert state with its revision, which each `ready` carries (docs/alerts.md); none without. */
  alerts?: (userId: string) => Promise<RevisedAlertsState>;
  /** Limits and timings. @default DEFAULT_LIVE_OPTIONS */
  live?: Partial<LiveOptions>;
  /** Current time in ms, for token expiry. @default Date.now */
  now?: () => number;
  /** Starts a session timer (auth deadline, close grace); returns its cancel. @default an unref'd setTimeout */
  startTimer?: (fn: () => void, ms: number) => () => void;
  /** Receives errors that are not the client's fault (closed with 1011). @default console.error */
  onInternalError?: (error: unknown) => void;
  /** Proxies whose `X-Forwarded-For` entries name the client of the per-address cap (`clientAddress`). @default 0 */
  trustProxy?: number;
}

export interface LiveEndpoint {
  /** Takes an `upgrade` request for the live path and answers true; false for any other request (left to the caller). */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Open live connections, authenticated or not. */
  readonly size: number;
  /** Closes every connection with `code` (1001 by default: stopping) and refuses new ones; resolves once all are gone. */
  close(code?: number): Promise<void>;
}

const PING = Buffer.from('{"type":"ping"}');
/** Answers to an upgrade past the cap of all connections not yet authenticated (the client backs off and retries). */
const BUSY = 'HTTP/1.1 503 Service Unavailable\r\nRetry-After: 1\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';
const OPAQUE_MESSAGE = 'Forbidden - no live connection from an opaque origin (Origin: null): module frames and panels hear changes from their page';
const OPAQUE_BODY = JSON.stringify({ code: 403, message: OPAQUE_MESSAGE });
/** Answers an upgrade from `Origin: null`, which every module frame and panel sends (see requestOrigin). */
const OPAQUE = `HTTP/1.1 403 Forbidden\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(OPAQUE_BODY)}\r\n\r\n${OPAQUE_BODY}`;
const EVICTED = 'No auth message in time - newer connections from this address are waiting';

/**
 * The WebSocket endpoint `/me/database/changes` (docs/live-sync.md, "The
 * conversation") on `ws` in noServer mode: the caller hands it the upgrades of its
 * HTTP server. No per-message deflate (its zlib context would cost each idle
 * connection tens of KB), and one timer for all pings rather than one per
 * connection.
 */
export function createLiveEndpoint(endpoint: LiveEndpointOptions): LiveEndpoint {
  const { feed, events, registry, alerts, live, now = Date.now, startTimer = startUnrefTimer, onInternalError = console.error, trustProxy = 0 } = endpoint;
  const options = resolveLiveOptions(live);
  const wss = new WebSocketServer({ noServer: true, clientTracking: false, perMessageDeflate: false, maxPayload: options.maxMessageBytes });
  const sessions = new Set<LiveSession>();
  const pending = new PendingConnections<LiveSession>(options.maxPendingConnections, options.maxPendingPerAddress);
  const deps = { feed, events, registry, alerts, options, users: new UserConnections(options.maxConnectionsPerUser), now, startTimer, onInternalError };
  let stopping = false;
  const pinger = setInterval(() => {
    for (const session of sessions) if (session.live) session.ping(PING);
  }, options.pingIntervalMs);
  pinger.unref();
  const unavailable = () => {
    for (const session of sessions) session.close(LIVE_CLOSE.unavailable, 'Store unavailable - retry with backoff');
  };
  feed.onUnavailable(unavailable);
  events?.onUnavailable(unavailable);
  // A registry of this process tells of its dropped tokens here; a shared one on the space's channel (RedisChannels.ts).
  registry.onRevoked?.((digest) => {
    for (const session of sessions) session.revoked(digest);
  });

  return {
    handleUpgrade(request, socket, head) {
      if (pathOf(request.url) !== options.path || request.headers.upgrade?.toLowerCase() !== 'websocket') return false;
      if (stopping) {
        socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return true;
      }
      // Before any cap: a module frame must not take a place, nor learn whether there is one.
      if (request.headers.origin?.trim() === 'null') {
        socket.end(OPAQUE);
        return true;
      }
      const address = addressKey(clientAddress(request, trustProxy));
      if (!pending.admits(address)) {
        socket.end(BUSY);
        return true;
      }
      wss.handleUpgrade(request, socket, head, (ws) => {
        if (stopping) return ws.close(LIVE_CLOSE.goingAway, 'Server stopping');
        const session: LiveSession = new LiveSession(ws, deps, (ended) => sessions.delete(ended), () => pending.remove(address, session));
        sessions.add(session);
        pending.add(address, session)?.cut(LIVE_CLOSE.authTimeout, EVICTED);
      });
      return true;
    },
    get size() {
      return sessions.size;
    },
    async close(code = LIVE_CLOSE.goingAway) {
      stopping = true;
      clearInterval(pinger);
      const closed = [...sessions].map((session) => new Promise((resolve) => session.ws.once('close', resolve)));
      for (const session of sessions) session.close(code, code === LIVE_CLOSE.goingAway ? 'Server stopping' : 'Closing');
      // A client that does not answer the close (or does not read) is cut after the grace time.
      const grace = setTimeout(() => {
        for (const session of sessions) session.ws.terminate();
      }, options.closeGraceMs);
      await Promise.all(closed);
      clearTimeout(grace);
      wss.close();
    },
  };
}

function pathOf(url: string | undefined): string {
  const query = url?.indexOf('?') ?? -1;
  return query === -1 ? (url ?? '') : url!.slice(0, query);
}

/** A timer that does not keep the process alive on its own. */
function startUnrefTimer(fn: () => void, ms: number): () => void {
  const timer = setTimeout(fn, ms);
  timer.unref();
  return () => clearTimeout(timer);
}
