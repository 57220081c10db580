import type { WebsiteSessionList } from '../../../api/index.ts';
import type { Registry, TokenGrant } from '../../registry/index.ts';
import { tokenDigest } from '../../registry/index.ts';
import type { WebsiteSession, WebsiteSessions } from '../../sessions/index.ts';
import { type Answer, jsonAnswer } from '../Answer.ts';
import type { ApiRequest } from '../ApiRequest.ts';
import { authenticate, bearerToken } from '../auth/authenticate.ts';
import { HttpError } from '../HttpError.ts';
import { CORS_HEADERS } from '../cors.ts';

export interface SessionDeps {
  registry: Registry;
  sessions: WebsiteSessions;
}

/** The 403 of the endpoints that only a website token may call. */
export const WEBSITE_ONLY = 'Forbidden - this endpoint needs the website token; overlay and Stream Deck tokens cannot manage the account';

/** The grant of a website token, and the token; 401 / 403 otherwise (Origin: null included). */
export async function requireWebsite(request: ApiRequest, registry: Registry): Promise<{ grant: TokenGrant; token: string }> {
  const grant = await authenticate(request, registry, { streamdeck: true });
  if (grant.context !== 'website') throw new HttpError(403, WEBSITE_ONLY);
  return { grant, token: bearerToken(request.header('authorization'))! };
}

export const noContent = (): Answer => ({ status: 204, headers: { ...CORS_HEADERS }, body: null });

/** `POST /auth/logout`: drops the calling website token, on every instance at once; 204. */
export function logout({ registry, sessions }: SessionDeps) {
  return async (request: ApiRequest): Promise<Answer> => {
    const { token } = await requireWebsite(request, registry);
    if (await sessions.drop(token)) return noContent();
    throw new HttpError(409, 'Conflict - this website token is fixed by the seed or the data folder and cannot be signed out; replace it there');
  };
}

/** `GET /me/sessions`: the user's signed-in website tokens, oldest first, never a token. */
export function listSessions({ registry, sessions }: SessionDeps) {
  return async (request: ApiRequest): Promise<Answer> => {
    const { grant, token } = await requireWebsite(request, registry);
    const digest = tokenDigest(token);
    const own = await sessions.list(grant.userId);
    const current = await sessions.store.find(digest);
    const body: WebsiteSessionList = { sessions: own.map((session) => sessionInfo(session, session.id === current?.id)) };
    return jsonAnswer(200, JSON.stringify(body), { 'Cache-Control': 'no-store' });
  };
}

/** `DELETE /me/sessions/<id>`: revokes one of the user's sessions; 204, 404 for an id the user has not. */
export function revokeSession({ registry, sessions }: SessionDeps) {
  return async (request: ApiRequest): Promise<Answer> => {
    const { grant } = await requireWebsite(request, registry);
    const id = decodeURIComponent(new URL(request.url, 'http://api').pathname.split('/').pop() ?? '');
    if (!(await sessions.revoke(grant.userId, id))) throw new HttpError(404, `Not found - no session with id ${JSON.stringify(id.slice(0, 64))}`);
    return noContent();
  };
}

function sessionInfo(session: WebsiteSession, current: boolean) {
  const iso = (ms: number) => new Date(ms).toISOString();
  const { id, address, userAgent } = session;
  return { id, createdAt: iso(session.createdAt), address, userAgent, lastUsedAt: iso(session.lastUsedAt), expiresAt: iso(session.expiresAt), current };
}
