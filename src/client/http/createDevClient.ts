import { codeForStatus, DEV_DATABASE_PATH, DEV_PROFILE_PATH, DevDatabaseSchema, type DevEntry, type Kind, type Profile, ProfileSchema } from '../../api/index.ts';
import { ApiError } from './ApiError.ts';
import { type ApiAnswer, createApiSender, isOk } from './createApiSender.ts';

export interface DevClientOptions {
  /** Where the API lives, e.g. `http://127.0.0.1:5173/api`. */
  baseUrl: string;
  /** The Bearer token each call sends. */
  token(): string;
  /**
   * Called after a 401, then the call goes out once more with `token()`. Exchanged tokens live in
   * the server's memory: after a restart of the dev server the studio exchanges its overlay id again.
   * @default none (a 401 rejects)
   */
  renewToken?: () => Promise<void>;
  /** @default globalThis.fetch */
  fetch?: typeof globalThis.fetch;
}

/** The developer routes of `npm run dev`, which only the studio calls (docs/server.md, Developer routes). Failures reject with an `ApiError`. */
export interface DevClient {
  /**
   * `GET /dev/profile`: the full profile, every overlay id and the Stream Deck token included;
   * `undefined` when the API does not answer it (no developer routes: `npm start`, `npm run api`).
   */
  profile(): Promise<Profile | undefined>;
  /** `GET /dev/database?kind=`: every stored value of the token's user and `kind`. */
  database(kind: Kind): Promise<DevEntry[]>;
  /** `PUT /dev/profile`: answers the profile as stored. */
  saveProfile(profile: Profile): Promise<Profile>;
}

/** Creates the developer calls over an API address and a token source. */
export function createDevClient({ baseUrl, token, renewToken, fetch }: DevClientOptions): DevClient {
  const sender = createApiSender({ baseUrl, getToken: token, ...(fetch && { fetch }) });
  const send = (method: string, path: string, body?: unknown): Promise<ApiAnswer> =>
    sender.send(method, path, { body }).catch(() => {
      throw new ApiError('UNAVAILABLE', `the API cannot be reached at ${baseUrl}`);
    });
  const call = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    let answer = await send(method, path, body);
    if (answer.status === 401 && renewToken) {
      await renewToken();
      answer = await send(method, path, body);
    }
    return bodyOf(answer);
  };
  const parsed = <T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }, answer: unknown, what: string): T => {
    const result = schema.safeParse(answer);
    if (!result.success) throw new ApiError('UNAVAILABLE', `${what} answered an unexpected body`);
    return result.data;
  };
  return {
    async profile() {
      const answer = await call('GET', DEV_PROFILE_PATH).catch(() => undefined);
      return answer === undefined ? undefined : parsed(ProfileSchema, answer, `GET ${DEV_PROFILE_PATH}`);
    },
    async database(kind) {
      const answer = await call('GET', `${DEV_DATABASE_PATH}?kind=${kind}`);
      return parsed(DevDatabaseSchema, answer, `GET ${DEV_DATABASE_PATH}`).entries as DevEntry[];
    },
    saveProfile: async (profile) => parsed(ProfileSchema, await call('PUT', DEV_PROFILE_PATH, profile), `PUT ${DEV_PROFILE_PATH}`),
  };
}

/** The JSON of a 2xx; an `ApiError` with the server's message otherwise. */
function bodyOf(answer: ApiAnswer): unknown {
  if (isOk(answer)) return answer.body;
  if (answer.status === 404) {
    throw new ApiError('NOT_FOUND', 'this API has no developer routes: open the studio from npm run dev (npm start and npm run api serve none)', 404);
  }
  const message = (answer.body as { message?: unknown } | undefined)?.message;
  throw new ApiError(codeForStatus(answer.status), typeof message === 'string' ? message : `HTTP ${answer.status}`, answer.status);
}
