import * as z from 'zod/mini';
import { codeForStatus, type Json, type Kind, OverlayError, type Profile, ProfileSchema } from '../api/index.ts';
import { createApiClient } from '../client/index.ts';
import { obtainToken, type OverlayAuth } from '../runtime/index.ts';

/** `GET /dev/database`: every stored value of one user and kind. */
export const DevDatabaseSchema = z.object({
  entries: z.array(z.object({ moduleId: z.string(), name: z.string(), value: z.unknown() })),
});
export interface DevEntry {
  moduleId: string;
  name: string;
  value: Json;
}

/** The studio's own line to the API: the developer routes, and the full profile. */
export interface DevApi {
  readonly kind: Kind;
  /** `GET /dev/profile`: the full profile, every overlay id and the Stream Deck token included (the kind picker and the editor need them). */
  me(): Promise<Profile>;
  listDatabase(): Promise<DevEntry[]>;
  /** `PUT /dev/profile`: answers the profile as stored. */
  saveProfile(profile: Profile): Promise<Profile>;
}

export interface DevApiOptions {
  apiBase: string;
  auth: OverlayAuth;
  /** Not the switchable one: the inspector keeps seeing the server while the page is cut off. @default globalThis.fetch */
  fetch?: typeof globalThis.fetch;
}

/** Signs in like the page does (its own token), then serves the developer routes. Rejects with an OverlayError. */
export async function createDevApi({ apiBase, auth, fetch = (i, init) => globalThis.fetch(i, init) }: DevApiOptions): Promise<DevApi> {
  const client = createApiClient({ baseUrl: apiBase, fetch });
  let { token, kind } = await obtainToken(client, auth);
  const send = (method: string, path: string, body?: unknown): Promise<Response> => {
    const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const init: RequestInit = { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
    return fetch(client.baseUrl + path, { ...init, referrerPolicy: 'no-referrer', credentials: 'omit', cache: 'no-store' }).catch(() => {
      throw new OverlayError('UNAVAILABLE', `the API cannot be reached at ${client.baseUrl}`);
    });
  };
  const call = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    let response = await send(method, path, body);
    // Exchanged tokens live in the server's memory: after a restart of the dev server, exchange again.
    if (response.status === 401 && 'overlay' in auth) {
      ({ token, kind } = await obtainToken(client, auth));
      response = await send(method, path, body);
    }
    return answerOf(response, path);
  };
  return {
    kind,
    // Not `GET /me`: with an overlay token it tells no other kind's overlay id and no Stream Deck token.
    // An API without the developer routes (npm start, npm run api) still has GET /me: the studio runs on what it tells.
    async me() {
      const answer = await call('GET', '/dev/profile').catch(() => undefined);
      if (answer === undefined) return client.me();
      const parsed = ProfileSchema.safeParse(answer);
      if (!parsed.success) throw new OverlayError('UNAVAILABLE', 'GET /dev/profile answered an unexpected body');
      return parsed.data;
    },
    async listDatabase() {
      const parsed = DevDatabaseSchema.safeParse(await call('GET', `/dev/database?kind=${kind}`));
      if (!parsed.success) throw new OverlayError('UNAVAILABLE', 'GET /dev/database answered an unexpected body');
      return parsed.data.entries as DevEntry[];
    },
    async saveProfile(profile) {
      const parsed = ProfileSchema.safeParse(await call('PUT', '/dev/profile', profile));
      if (!parsed.success) throw new OverlayError('UNAVAILABLE', 'PUT /dev/profile answered an unexpected body');
      return parsed.data;
    },
  };
}

/** The JSON of a 2xx; an OverlayError with the server's message otherwise. */
async function answerOf(response: Response, path: string): Promise<unknown> {
  const body: unknown = await response.json().catch(() => undefined);
  if (response.ok) return body;
  if (response.status === 404 && path.startsWith('/dev/')) {
    throw new OverlayError('NOT_FOUND', 'this API has no developer routes: open the studio from npm run dev (npm start and npm run api serve none)');
  }
  const message = (body as { message?: unknown } | undefined)?.message;
  throw new OverlayError(codeForStatus(response.status), typeof message === 'string' ? message : `HTTP ${response.status}`);
}
