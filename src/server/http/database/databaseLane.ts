import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Answer, writeAnswer } from '../Answer.ts';
import { type ApiRequest, fromIncoming } from '../ApiRequest.ts';
import { guardRoute, type TokenResolver } from '../auth/guardRoute.ts';
import { type EventDeps, eventRoutes } from '../events/eventRoutes.ts';
import type { Route } from '../routeTable.ts';
import { type DatabaseDeps, databaseRoutes } from './databaseRoutes.ts';
import { drainUnread } from '../body/drainUnread.ts';
import { bareAnswers, type ShapeAnswer } from '../shapeAnswer.ts';
import { toErrorAnswer } from '../toErrorResponse.ts';

const PATH = '/me/database';
const EVENTS_PATH = '/me/events';

/** Serves a request itself and answers true, or answers false and leaves it to the app. */
export type NodeLane = (incoming: IncomingMessage, outgoing: ServerResponse) => boolean;

/**
 * `PATCH` and `GET /me/database`, every overlay's hot path, served straight on
 * Node's HTTP server with the app's own handlers, checks and answers. It skips
 * the fetch adapter's work per call (a Request with its URL and Headers, a
 * Response, the router). A request it would answer any differently, it leaves
 * to the app: another path or method, an absolute-form target, a missing or
 * malformed Host. Like the adapter, it reads an unread body only briefly.
 * `shape` must be the app's own (the envelope, when it wraps bodies). With
 * `events` (the app's own), `POST /me/events` takes the lane too: a gift bomb
 * is hundreds of posts a second. The routes are the app's table rows, behind the same guard.
 */
export function databaseLane(deps: DatabaseDeps & { registry: TokenResolver; onInternalError: (error: unknown) => void; shape?: ShapeAnswer; events?: EventDeps }): NodeLane {
  const guarded = (routes: Route[], method: string, path: string) => guardRoute(routes.find((route) => route.method === method && route.path === path)!, deps.registry);
  const database = databaseRoutes(deps);
  const handlers = { PATCH: guarded(database, 'PATCH', PATH), GET: guarded(database, 'GET', PATH) };
  const postEvents = deps.events && guarded(eventRoutes(deps.events), 'POST', EVENTS_PATH);
  const { shape = bareAnswers } = deps;
  const hosts = new HostCheck();
  const pick = (method: string | undefined, url: string): [(request: ApiRequest) => Promise<Answer>, string] | undefined => {
    if (method === 'POST' && url === EVENTS_PATH && postEvents) return [postEvents, EVENTS_PATH];
    if (method !== 'PATCH' && method !== 'GET') return undefined;
    return url === PATH || url.startsWith(`${PATH}?`) ? [handlers[method], PATH] : undefined;
  };
  const serve = async (incoming: IncomingMessage, outgoing: ServerResponse, handler: (request: ApiRequest) => Promise<Answer>, path: string, url: string) => {
    let answer: Answer;
    try {
      answer = await handler(fromIncoming(incoming, url));
    } catch (error) {
      answer = toErrorAnswer(error, deps.onInternalError);
    }
    // A body that has fully arrived needs no draining: Node discards what no one read.
    if (!incoming.complete) outgoing.once('finish', () => drainUnread(incoming));
    writeAnswer(outgoing, shape(answer, path));
  };
  return (incoming, outgoing) => {
    const { method, url = '' } = incoming;
    const picked = pick(method, url);
    if (!picked) return false;
    if (!hosts.valid(incoming.headers.host)) return false;
    const [handler, path] = picked;
    // Only a throwing error hook gets here: the client gets no answer, the server stays up.
    serve(incoming, outgoing, handler, path, url).catch(() => outgoing.destroy());
    return true;
  };
}

/** The node adapter's Host check (a URL's hostname must be the header without its port), remembered per Host. */
class HostCheck {
  private readonly known = new Set<string>();

  valid(host: string | undefined): boolean {
    if (!host) return false;
    if (this.known.has(host)) return true;
    let hostname: string;
    try {
      hostname = new URL(`http://${host}/`).hostname;
    } catch {
      return false;
    }
    if (hostname.length !== host.length && hostname !== host.replace(/:\d+$/, '')) return false;
    // A server sees a handful of Host values; a client making up new ones only stops the remembering.
    if (this.known.size < 64) this.known.add(host);
    return true;
  }
}
