import type { MiddlewareHandler } from 'hono';
import * as z from 'zod/mini';
import { AUTH_MESSAGES, isKind, type Kind, ProfileSchema } from '../../../api/index.ts';
import type { Registry, TokenGrant } from '../../registry/index.ts';
import type { DataStore } from '../../store/index.ts';
import { type Answer, answerResponse, jsonAnswer } from '../Answer.ts';
import { HttpError } from '../HttpError.ts';
import { type ApiRequest, fromWebRequest } from '../ApiRequest.ts';
import type { ApiLimits } from '../ApiLimits.ts';
import { guardRoute } from '../auth/guardRoute.ts';
import { PREFLIGHT_HEADERS } from '../cors.ts';
import { parseJsonObject, readBody, requireJsonContentType } from '../body/readJsonBody.ts';

export interface DevDeps {
  registry: Registry;
  store: DataStore;
  limits: ApiLimits;
  /**
   * Origins whose pages may call the developer routes (the dev server's own).
   * A request with any other `Origin` header is refused with 403, its preflight
   * too; one without (a same-origin GET, a command-line client) passes.
   * @default [] (no web page)
   */
  origins?: readonly string[];
}

type DevHandler = (request: ApiRequest, grant: TokenGrant) => Promise<Answer>;

/** The preflight of the developer routes also allows PUT (the studio's profile editor), for one origin. */
export function devPreflightHeaders(origin: string): Record<string, string> {
  return {
    ...PREFLIGHT_HEADERS,
    'Access-Control-Allow-Methods': 'GET, PATCH, POST, PUT, OPTIONS',
    'Access-Control-Allow-Origin': origin,
    Vary: 'Origin',
  };
}

/**
 * The studio's developer routes, `GET /dev/database` and `GET`/`PUT /dev/profile`,
 * as one middleware placed before the API's route guard. Other paths pass on
 * untouched. Same order of checks as the API: wrong method (405 with `Allow`),
 * missing or invalid token (401), kind (403/400), Content-Type (415), size
 * (413), body (400), after the origin check (403). Never mount it on a public
 * server: any token of a user may rewrite that user's profile.
 */
export function devRouteGuard(deps: DevDeps): MiddlewareHandler {
  // Any token of the user but the Stream Deck's, through the API's own guard.
  const guarded = (path: string, handler: DevHandler) => guardRoute({ path, token: 'user', handler }, deps.registry);
  const table = new Map<string, Map<string, (request: ApiRequest) => Promise<Answer>>>([
    ['/dev/database', new Map([['GET', guarded('/dev/database', listDatabase(deps))]])],
    ['/dev/profile', new Map([['GET', guarded('/dev/profile', readDevProfile(deps))], ['PUT', guarded('/dev/profile', replaceProfile(deps))]])],
  ]);
  const origins = new Set(deps.origins ?? []);
  return async (c, next) => {
    const path = new URL(c.req.url).pathname;
    const handlers = table.get(path);
    if (!handlers) return next();
    const method = c.req.raw.method;
    const origin = c.req.raw.headers.get('Origin');
    // Any page the streamer visits could otherwise rewrite the profile with the seed's fixed tokens.
    if (origin !== null && !origins.has(origin)) {
      throw new HttpError(403, `Forbidden - the developer routes answer pages of the dev server's own origin only, not ${JSON.stringify(origin.slice(0, 200))}`);
    }
    if (method === 'OPTIONS') return new Response(null, { status: 204, headers: devPreflightHeaders(origin ?? '*') });
    const handler = handlers.get(method);
    if (!handler) {
      const allow = [...handlers.keys(), 'OPTIONS'].join(', ');
      throw new HttpError(405, `Method not allowed - ${method} is not served on ${path}; allowed: ${allow}`, { Allow: allow });
    }
    return answerResponse(await handler(fromWebRequest(c.req.raw, c.env)));
  };
}

/** `GET /dev/database[?kind=]`: every stored value of the token's user and kind. */
export function listDatabase({ store }: DevDeps): DevHandler {
  return async (request, grant) => {
    const kind = kindOf(grant, new URL(request.url, 'http://api').searchParams.get('kind'));
    const entries = await store.list(grant.userId, kind);
    const rows = entries.map(
      ({ moduleId, name, json }) => `{"moduleId":${JSON.stringify(moduleId)},"name":${JSON.stringify(name)},"value":${json}}`,
    );
    return jsonAnswer(200, `{"entries":[${rows.join(',')}]}`);
  };
}

/**
 * `GET /dev/profile`: the token's user's profile as stored, every overlay id included, for any
 * token of the user: the studio opens another kind from its overlay token, which `GET /me` no
 * longer tells the other ids (and whose `streamdeck.token` it leaves empty, so the profile editor
 * drafts from this one).
 */
export function readDevProfile({ registry }: DevDeps): DevHandler {
  return async (_request, { userId }) => {
    const profile = await registry.profile(userId);
    if (!profile) throw new HttpError(401, AUTH_MESSAGES.invalid);
    return jsonAnswer(200, JSON.stringify(profile));
  };
}

/** `PUT /dev/profile`: replaces the token's user's profile (overlay ids stay as seeded); answers the new profile. */
export function replaceProfile({ registry, limits }: DevDeps): DevHandler {
  return async (request, { userId }) => {
    requireJsonContentType(request);
    const body = parseJsonObject(await readBody(request, limits.maxBodyBytes), 'a complete profile');
    const parsed = ProfileSchema.safeParse(body, { error: english.localeError });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new HttpError(400, `Invalid profile - ${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`);
    }
    if (body.user && (body.user as { userId?: unknown }).userId !== userId) {
      throw new HttpError(400, `Invalid profile - user.userId must stay ${JSON.stringify(userId)}, the token's user`);
    }
    // The body as sent: extra members are kept, like a seed's.
    const replaced = await registry.replaceProfile(userId, body as z.infer<typeof ProfileSchema>);
    if (replaced === 'taken') throw new HttpError(409, `Conflict - Twitch user ${JSON.stringify(parsed.data.twitch.user.id)} is connected to another account; nothing was stored`);
    if (!replaced) throw new HttpError(401, AUTH_MESSAGES.invalid);
    return jsonAnswer(200, JSON.stringify(await registry.profile(userId)));
  };
}

const english = z.locales.en();

/** The data space a request looks at: an overlay token's own kind; a website token names one with `?kind=`. */
function kindOf(grant: TokenGrant, asked: string | null): Kind {
  if (asked !== null && !isKind(asked)) throw new HttpError(400, `kind must be one of game, tool, background, event (got ${JSON.stringify(asked.slice(0, 50))})`);
  if (grant.context === 'overlay' && grant.overlay !== undefined) {
    if (asked !== null && asked !== grant.overlay) {
      throw new HttpError(403, `Forbidden - this overlay token sees the ${grant.overlay} data only, not ${asked}`);
    }
    return grant.overlay;
  }
  if (asked === null) throw new HttpError(400, 'kind is required as a query parameter with a website token');
  return asked;
}
