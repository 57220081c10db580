import { codeForStatus } from '../../api/index.ts';
import { ApiError } from './ApiError.ts';
import { errorMessage, unwrapBody } from './unwrapBody.ts';

/** One answer of the API: status, the unwrapped JSON body (undefined when none), the `ETag` and `Retry-After`. */
export interface ApiAnswer {
  status: number;
  body: unknown;
  etag: string | null;
  retryAfter: string | null;
}

export interface ApiRequest {
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is instead of JSON, with its `Content-Type`: a file's bytes, streamed by the browser (never JSON or base64). */
  raw?: { body: BodyInit; type: string };
  /** Aborts the request (an upload given up); it then rejects like a lost network. */
  signal?: AbortSignal;
  /** Sent as `If-Match` (the ETag read), so a stale write gets 412 instead of undoing another tab's. */
  ifMatch?: string | null;
  /** Sends the token. @default true */
  auth?: boolean;
  /** Sends this token instead of the page's (a token offered in the address, before it is taken). */
  token?: string;
  /** Rejects with `UNAUTHORIZED` before any request when there is no token (a signed-out page asks nothing). @default false */
  needsToken?: boolean;
}

export interface ApiSenderOptions {
  /** Where the API lives, e.g. `https://api.example`; paths are appended to it. */
  baseUrl: string;
  /** Asked for the token before every call (it may change on sign-in); undefined sends none. */
  getToken: () => string | undefined;
  /** @default globalThis.fetch */
  fetch?: typeof globalThis.fetch;
}

/**
 * Any method and path of the API, answered as status, body and ETag: the one request function of the
 * calls outside `ApiClient` (the website client's, media, the dock's Twitch state, the studio's developer routes).
 */
export interface ApiSender {
  readonly baseUrl: string;
  /** Any answer with a status, also a 4xx or 5xx; rejects with `UNAVAILABLE` when none came. */
  send(method: string, path: string, init?: ApiRequest): Promise<ApiAnswer>;
  /** A 2xx answer, else an `ApiError` carrying the status and the server's message. */
  ok(method: string, path: string, init?: ApiRequest): Promise<ApiAnswer>;
}

/** Creates a sender; checks its options up front. */
export function createApiSender({ baseUrl, getToken, fetch = globalThis.fetch }: ApiSenderOptions): ApiSender {
  if (typeof baseUrl !== 'string' || baseUrl === '') throw new TypeError('createApiSender: baseUrl is required');
  if (typeof fetch !== 'function') throw new TypeError('createApiSender: no fetch function available');
  const root = baseUrl.replace(/\/+$/, '');
  async function send(method: string, path: string, init: ApiRequest = {}): Promise<ApiAnswer> {
    const token = init.auth === false ? undefined : (init.token ?? getToken());
    if (!token && init.needsToken) throw new ApiError('UNAUTHORIZED', 'No website token');
    let response: Response;
    try {
      response = await fetch(root + path, requestInit(method, init, token));
    } catch {
      throw new ApiError('UNAVAILABLE', 'The API cannot be reached');
    }
    const text = await response.text().catch(() => '');
    return { status: response.status, body: parseJson(text), etag: response.headers.get('ETag'), retryAfter: response.headers.get('Retry-After') };
  }
  return {
    baseUrl: root,
    send,
    async ok(method, path, init) {
      const answer = await send(method, path, init);
      if (!isOk(answer)) throw failureOf(answer);
      return answer;
    },
  };
}

/** The fetch options of one request: its headers and body, no referrer, no cookies. */
function requestInit(method: string, init: ApiRequest, token: string | undefined): RequestInit {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (init.raw) headers['Content-Type'] = init.raw.type;
  else if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  if (init.ifMatch) headers['If-Match'] = init.ifMatch;
  return {
    method,
    headers,
    body: init.raw ? init.raw.body : init.body === undefined ? undefined : JSON.stringify(init.body),
    ...(init.signal && { signal: init.signal }),
    // The page's address may carry a token: never leak it, never send cookies.
    referrerPolicy: 'no-referrer',
    credentials: 'omit',
    ...(method === 'GET' && { cache: 'no-store' as const }),
  };
}

/** The `ApiError` of a failed answer: its status, the server's message and `Retry-After`. */
export function failureOf(answer: ApiAnswer): ApiError {
  return new ApiError(codeForStatus(answer.status), errorMessage(answer.body, answer.status), answer.status, answer.retryAfter);
}

/** Whether the answer is a 2xx. */
export function isOk(answer: { status: number }): boolean {
  return answer.status >= 200 && answer.status <= 299;
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return unwrapBody(JSON.parse(text));
  } catch {
    return undefined;
  }
}
