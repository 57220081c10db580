import { codeForStatus } from '../api/index.ts';
import { ApiError, errorMessage, unwrapBody } from '../client/index.ts';

/** One answer of the API: status, the unwrapped JSON body (undefined when none) and the `ETag`. */
export interface HomeAnswer {
  status: number;
  body: unknown;
  etag: string | null;
}

export interface HomeRequest {
  body?: unknown;
  /** Sent as `If-Match` (the profile's ETag), so a stale write gets 412 instead of undoing another tab's. */
  ifMatch?: string | null;
  /** Sends the website token. @default true */
  auth?: boolean;
  /** Sends this token instead of the tab's (a token offered in the address, before it is taken). */
  token?: string;
}

export interface HomeApiOptions {
  /** The API's base URL, without a trailing slash. */
  baseUrl: string;
  /** The website token of the tab, or undefined before sign-in. */
  getToken: () => string | undefined;
  /** @default globalThis.fetch */
  fetch?: typeof globalThis.fetch;
}

/** The home page's calls: any method and path of the API, answered as status, body and ETag. */
export interface HomeApi {
  readonly baseUrl: string;
  /** Any answer with a status, also a 4xx or 5xx; rejects with `UNAVAILABLE` when none came. */
  send(method: string, path: string, init?: HomeRequest): Promise<HomeAnswer>;
  /** A 2xx answer, else an `ApiError` carrying the status and the server's message. */
  ok(method: string, path: string, init?: HomeRequest): Promise<HomeAnswer>;
}

/** Creates the home page's API access; the token is read before every call (it may change on sign-in). */
export function createHomeApi({ baseUrl, getToken, fetch = globalThis.fetch }: HomeApiOptions): HomeApi {
  const root = baseUrl.replace(/\/+$/, '');
  async function send(method: string, path: string, init: HomeRequest = {}): Promise<HomeAnswer> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = init.auth === false ? undefined : (init.token ?? getToken());
    if (token) headers.Authorization = `Bearer ${token}`;
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    if (init.ifMatch) headers['If-Match'] = init.ifMatch;
    let response: Response;
    try {
      response = await fetch(root + path, {
        method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        referrerPolicy: 'no-referrer',
        credentials: 'omit',
        ...(method === 'GET' && { cache: 'no-store' as const }),
      });
    } catch {
      throw new ApiError('UNAVAILABLE', 'The API cannot be reached');
    }
    const text = await response.text().catch(() => '');
    return { status: response.status, body: parseJson(text), etag: response.headers.get('ETag') };
  }
  return {
    baseUrl: root,
    send,
    async ok(method, path, init) {
      const answer = await send(method, path, init);
      if (answer.status < 200 || answer.status > 299) throw new ApiError(codeForStatus(answer.status), errorMessage(answer.body, answer.status), answer.status);
      return answer;
    },
  };
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return unwrapBody(JSON.parse(text));
  } catch {
    return undefined;
  }
}
