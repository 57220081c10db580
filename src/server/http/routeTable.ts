import type { MiddlewareHandler } from 'hono';
import type { TokenNeeded } from './about/aboutRoutes.ts';
import type { GuardedRoute } from './auth/guardRoute.ts';
import { HttpError } from './HttpError.ts';
import { corsResponse, PREFLIGHT_HEADERS, WRITE_PREFLIGHT_HEADERS } from './cors.ts';

export type RouteMethod = 'GET' | 'PATCH' | 'POST' | 'PUT' | 'DELETE';

/**
 * One endpoint: the table is the single source of the handlers, the `Allow` header, and who may call each
 * (`token`, as the root page lists it), which `guardRoute` enforces before the handler runs.
 */
export type Route = { [T in TokenNeeded]: GuardedRoute<T> & { method: RouteMethod } }[TokenNeeded];

/**
 * The first two checks of the documented order (docs/server.md, Errors), before any handler: unknown path
 * (404), then wrong method (405 with `Allow`, which always lists OPTIONS). HEAD is
 * not served (Hono would answer it as GET). OPTIONS on a known path is the preflight.
 */
export function routeGuard(routes: readonly Route[]): MiddlewareHandler {
  const allowed = new Map<string, string[]>();
  for (const { method, path } of routes) allowed.set(path, [...(allowed.get(path) ?? []), method]);
  const templates = [...allowed.keys()].filter((path) => path.includes('/:')).map((path) => ({ path, pattern: templatePattern(path) }));
  const methodsOf = (path: string) => allowed.get(path) ?? allowed.get(templates.find((each) => each.pattern.test(path))?.path ?? '');
  return async (c, next) => {
    const path = new URL(c.req.url).pathname;
    const methods = methodsOf(path);
    if (!methods) throw new HttpError(404, `Not found - no endpoint at ${JSON.stringify(path.slice(0, 200))}`);
    const method = c.req.raw.method;
    if (method === 'OPTIONS') return corsResponse(null, 204, methods.includes('PUT') || methods.includes('DELETE') ? WRITE_PREFLIGHT_HEADERS : PREFLIGHT_HEADERS);
    if (!methods.includes(method)) {
      const allow = [...methods, 'OPTIONS'].join(', ');
      throw new HttpError(405, `Method not allowed - ${method} is not served on ${path}; allowed: ${allow}`, { Allow: allow });
    }
    await next();
  };
}

/** `/me/events/:id/replay` matches one non-empty segment where the `:id` is, like Hono's router. */
function templatePattern(path: string): RegExp {
  const parts = path.split('/').map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${parts.join('/')}$`);
}
