import type { WebsiteSessionList } from '../../../api/index.ts';
import { type TokenGrant, tokenDigest } from '../../registry/index.ts';
import type { WebsiteSession, WebsiteSessions } from '../../sessions/index.ts';
import { type Answer, jsonAnswer } from '../Answer.ts';
import type { ApiRequest } from '../ApiRequest.ts';
import { bearerToken } from '../auth/authenticate.ts';
import { HttpError } from '../HttpError.ts';
import { CORS_HEADERS } from '../cors.ts';
import type { PathParams } from '../auth/guardRoute.ts';

export interface SessionDeps {
  sessions: WebsiteSessions;
}

/** The website token the guard let through. */
const tokenOf = (request: ApiRequest) => bearerToken(request.header('authorization'))!;

export const noContent = (): Answer => ({ status: 204, headers: { ...CORS_HEADERS }, body: null });

/** `POST /auth/logout`: drops the calling website token, on every instance at once; 204. */
export function logout({ sessions }: SessionDeps) {
  return async (request: ApiRequest): Promise<Answer> => {
    if (await sessions.drop(tokenOf(request))) return noContent();
    throw new HttpError(409, 'Conflict - this website token is fixed by the seed or the data folder and cannot be signed out; replace it there');
  };
}

/** `GET /me/sessions`: the user's signed-in website tokens, oldest first, never a token. */
export function listSessions({ sessions }: SessionDeps) {
  return async (request: ApiRequest, grant: TokenGrant): Promise<Answer> => {
    const digest = tokenDigest(tokenOf(request));
    const own = await sessions.list(grant.userId);
    const current = await sessions.store.find(digest);
    const body: WebsiteSessionList = { sessions: own.map((session) => sessionInfo(session, session.id === current?.id)) };
    return jsonAnswer(200, JSON.stringify(body), { 'Cache-Control': 'no-store' });
  };
}

/** `DELETE /me/sessions/<id>`: revokes one of the user's sessions; 204, 404 for an id the user has not. */
export function revokeSession({ sessions }: SessionDeps) {
  return async (_request: ApiRequest, grant: TokenGrant, { id = '' }: PathParams): Promise<Answer> => {
    if (!(await sessions.revoke(grant.userId, id))) throw new HttpError(404, `Not found - no session with id ${JSON.stringify(id.slice(0, 64))}`);
    return noContent();
  };
}

function sessionInfo(session: WebsiteSession, current: boolean) {
  const iso = (ms: number) => new Date(ms).toISOString();
  const { id, address, userAgent } = session;
  return { id, createdAt: iso(session.createdAt), address, userAgent, lastUsedAt: iso(session.lastUsedAt), expiresAt: iso(session.expiresAt), current };
}
