import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { LIVE_CLOSE } from '../../api/index.ts';
import type { Events } from '../events/index.ts';
import type { Registry } from '../registry/index.ts';
import type { ChangeFeed } from './ChangeFeed.ts';
import { type LiveOptions, resolveLiveOptions } from './LiveOptions.ts';
import { LiveSession } from './LiveSession.ts';
import { UserConnections } from './UserConnections.ts';

export interface LiveEndpointOptions {
  feed: ChangeFeed;
  /** The user's stream events, relayed to each of the user's sockets; none without. */
  events?: Events;
  registry: Registry;
  /** Limits and timings. @default DEFAULT_LIVE_OPTIONS */
  live?: Partial<LiveOptions>;
  /** Current time in ms, for token expiry. @default Date.now */
  clock?: () => number;
  /** Receives errors that are not the client's fault (closed with 1011). @default console.error */
  onInternalError?: (error: unknown) => void;
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

/**
 * The WebSocket endpoint `/me/database/changes` (api-contract.md, "Live
 * changes") on `ws` in noServer mode: the caller hands it the upgrades of its
 * HTTP server. No per-message deflate (its zlib context would cost each idle
 * connection tens of KB), and one timer for all pings rather than one per
 * connection.
 */
export function createLiveEndpoint({ feed, events, registry, live, clock = Date.now, onInternalError = console.error }: LiveEndpointOptions): LiveEndpoint {
  const options = resolveLiveOptions(live);
  const wss = new WebSocketServer({ noServer: true, clientTracking: false, perMessageDeflate: false, maxPayload: options.maxMessageBytes });
  const sessions = new Set<LiveSession>();
  const deps = { feed, events, registry, options, users: new UserConnections(options.maxConnectionsPerUser), clock, onInternalError };
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

  return {
    handleUpgrade(request, socket, head) {
      if (pathOf(request.url) !== options.path || request.headers.upgrade?.toLowerCase() !== 'websocket') return false;
      if (stopping) {
        socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return true;
      }
      wss.handleUpgrade(request, socket, head, (ws) => {
        if (stopping) return ws.close(LIVE_CLOSE.goingAway, 'Server stopping');
        sessions.add(new LiveSession(ws, deps, (session) => sessions.delete(session)));
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
