import { LOGOUT_PATH, SESSIONS_PATH, type WebsiteSessionInfo, WebsiteSessionListSchema } from '../../api/index.ts';
import { ApiError } from './ApiError.ts';
import { type ApiAnswer, type ApiSender, failureOf } from './createApiSender.ts';
import { errorMessage } from './unwrapBody.ts';

/** The sign-in sessions' calls with the website token (docs/home.md, "Signed in"). */
export interface SessionCalls {
  /**
   * `GET /me/sessions`: the website tokens made by signing in, oldest first; null when the API
   * has no such route. A refused token rejects with an `ApiError` of status 401 or 403.
   */
  list(): Promise<readonly WebsiteSessionInfo[] | null>;
  /** `DELETE /me/sessions/<id>`; one gone already (404) counts as revoked. A refused token rejects as `list` does. */
  revoke(id: string): Promise<void>;
  /** `POST /auth/logout`: drops the token on the server; any answer will do, the page forgets the token anyway. */
  logout(): Promise<void>;
}

/** The session calls over a sender. */
export function createSessionCalls(sender: ApiSender): SessionCalls {
  return {
    list: async () => sessionsOf(await sender.send('GET', SESSIONS_PATH)),
    revoke: async (id) => revoked(await sender.send('DELETE', `${SESSIONS_PATH}/${encodeURIComponent(id)}`)),
    async logout() {
      await sender.send('POST', LOGOUT_PATH);
    },
  };
}

/** Whether an error says the token was refused (401, 403). */
export function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

/** The sessions of `GET /me/sessions`'s answer; null for no such route (404). */
function sessionsOf(answer: ApiAnswer): readonly WebsiteSessionInfo[] | null {
  if (answer.status === 404) return null;
  throwIfRefused(answer);
  const parsed = WebsiteSessionListSchema.safeParse(answer.body);
  if (answer.status !== 200 || !parsed.success) throw new ApiError('UNAVAILABLE', answer.status === 200 ? 'the API answered with an unexpected shape' : `HTTP ${answer.status}`, answer.status);
  return parsed.data.sessions;
}

/** `DELETE /me/sessions/<id>`'s answer: revoked, or gone already (404). */
function revoked(answer: ApiAnswer): void {
  throwIfRefused(answer);
  if (answer.status !== 204 && answer.status !== 404) throw new ApiError('UNAVAILABLE', errorMessage(answer.body, answer.status), answer.status);
}

function throwIfRefused(answer: ApiAnswer): void {
  if (answer.status === 401 || answer.status === 403) throw failureOf(answer);
}
