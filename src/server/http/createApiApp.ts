import { Hono } from 'hono';
import { LIVE_PATH } from '../../api/index.ts';
import type { Registry } from '../registry/index.ts';
import type { DataStore } from '../store/index.ts';
import { exchangeOverlayId, readProfile, validateToken } from './account/accountRoutes.ts';
import { answerResponse } from './Answer.ts';
import { HttpError, errorResponse } from './HttpError.ts';
import { fromWebRequest } from './ApiRequest.ts';
import { type ApiLimits, resolveLimits } from './ApiLimits.ts';
import { withCors } from './cors.ts';
import { readEntry, writeEntry } from './database/databaseRoutes.ts';
import { devRouteGuard } from './dev/devRoutes.ts';
import { type Route, routeGuard } from './routeTable.ts';
import { toErrorResponse } from './toErrorResponse.ts';

export interface ApiAppOptions {
  /** Users and tokens. */
  registry: Registry;
  /** Where values live. The app never closes it. */
  store: DataStore;
  /** Size limits. @default 64 KiB per value, 1 MiB per body */
  limits?: Partial<ApiLimits>;
  /** Receives errors that are not the client's fault (answered 500). @default console.error */
  onInternalError?: (error: unknown) => void;
  /** Serves the studio's `GET /dev/database` and `PUT /dev/profile` (development servers only). @default false */
  devRoutes?: boolean;
  /** The live endpoint is attached to the server's upgrades: its path answers a plain GET with 426. @default false */
  live?: boolean;
}

/**
 * The whole API as a Hono app. Its `fetch` is a web-standard handler that serves
 * the paths at its root, so it can be mounted under a prefix by stripping it.
 */
export function createApiApp({ registry, store, limits, onInternalError = console.error, devRoutes = false, live = false }: ApiAppOptions): Hono {
  const deps = { registry, store, limits: resolveLimits(limits) };
  const routes: Route[] = [
    { method: 'GET', path: '/me', handler: readProfile(deps) },
    { method: 'PATCH', path: '/me/database', handler: writeEntry(deps) },
    { method: 'GET', path: '/me/database', handler: readEntry(deps) },
    { method: 'GET', path: '/auth/validate', handler: validateToken(deps) },
    { method: 'POST', path: '/auth/overlay', handler: exchangeOverlayId(deps) },
  ];
  if (live) routes.push({ method: 'GET', path: LIVE_PATH, handler: upgradeRequired });
  const app = new Hono();
  // First, so that it also sees the answers of onError for everything below.
  app.use('*', async (c, next) => {
    await next();
    const answer = withCors(c.res);
    if (answer !== c.res) c.res = answer;
  });
  if (devRoutes) app.use('*', devRouteGuard(deps));
  app.use('*', routeGuard(routes));
  for (const { method, path, handler } of routes) {
    app.on(method, path, async (c) => answerResponse(await handler(fromWebRequest(c.req.raw, c.env))));
  }
  // Unreachable behind routeGuard; kept so that no path can answer Hono's plain-text 404.
  app.notFound(() => withCors(errorResponse(new HttpError(404, 'Not found'))));
  app.onError((error) => toErrorResponse(error, onInternalError));
  return app;
}

/** A plain GET of the live endpoint: it speaks WebSocket only (RFC 9110: a 426 names the protocol in `Upgrade`). */
async function upgradeRequired(): Promise<never> {
  throw new HttpError(426, `Upgrade required - ${LIVE_PATH} is a WebSocket endpoint: open it with a WebSocket client`, { Upgrade: 'websocket' });
}
