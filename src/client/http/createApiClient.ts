import { ALERTS_PATH, ALERTS_REPORT_PATH, type AlertCommand, type AlertReport, type AlertsState, AlertsStateSchema, type Clock, codeForStatus, type DatabaseEntry, DatabaseEntrySchema, type DatabaseValues, DatabaseValuesSchema, type EventPage, EventPageSchema, type Kind, type Layout, LayoutSchema, type PostEvent, type StreamEvent, StreamEventSchema, type Json, type OverlayToken, OverlayTokenSchema, type Profile, ProfileSchema, systemClock, ValidateSchema, type Validation } from '../../api/index.ts';
import { ApiError } from './ApiError.ts';
import { errorMessage, isRecord, unwrapBody } from './unwrapBody.ts';

export interface ApiClientOptions {
  /** Where the API lives, e.g. `https://api.example`; paths are appended to it. */
  baseUrl: string;
  /** The Bearer token; replace it later with `setToken`. */
  token?: string;
  /** Asked for the token before each request; wins over `token` when given. */
  getToken?: () => string | undefined;
  /** @default globalThis.fetch */
  fetch?: typeof globalThis.fetch;
  /** Time allowed for one request, body included, before it fails with `TIMEOUT`. @default 15000 */
  timeoutMs?: number;
  /** @default systemClock */
  clock?: Clock;
}

/** Typed calls of the API contract. Failures reject with an `ApiError`. */
export interface ApiClient {
  readonly baseUrl: string;
  /** `GET /me`: the full profile, credentials included (never hand it to a module as is). */
  me(): Promise<Profile>;
  /** `GET /me/layout/<kind>`: the stored boxes of that kind. An API without layouts (the hosted one) answers 404: `NOT_FOUND`. */
  layout(kind: Kind): Promise<Layout>;
  /** `GET /auth/validate`: who the token belongs to and, for an overlay token, its kind. */
  validate(): Promise<Validation>;
  /** `POST /auth/overlay`: exchanges an overlay id for an overlay token (needs no token). */
  exchangeOverlay(overlayId: string): Promise<OverlayToken>;
  /** `GET /me/database`: the stored value, or `undefined` when the key was never set (404). */
  dbGet(id: string, key: string): Promise<Json | undefined>;
  /**
   * `GET /me/database/values?id=`: every key of module `id` that was ever set;
   * `undefined` when the API has no such endpoint (404: the hosted one).
   */
  dbValues(id: string): Promise<Record<string, Json> | undefined>;
  /** `PATCH /me/database`: resolves once the server confirmed the write (2xx with a JSON body). */
  dbSet(id: string, key: string, value: Json): Promise<DatabaseEntry>;
  /** `GET /me/events`: history after `after` (oldest first), or the newest `limit`. */
  listEvents(query?: { after?: string; limit?: number }): Promise<EventPage>;
  /** `POST /me/events`: the stored record (also when its `id` was stored before). */
  postEvent(body: PostEvent): Promise<StreamEvent>;
  /** `POST /me/events/<id>/replay`: the event goes out again, marked `replayed`. */
  replayEvent(id: string): Promise<void>;
  /** `GET /me/alerts`: the streamer's alert switches and what an overlay page last reported (docs/alerts.md). */
  alerts(): Promise<AlertsState>;
  /** `POST /me/alerts/<command>`: the state after it (skip and clear change no state: the pages act on them). */
  alertCommand(command: AlertCommand): Promise<AlertsState>;
  /** `POST /me/alerts/report`: what this page's alert queue shows and how many wait (the dock's status line). */
  reportAlerts(report: AlertReport): Promise<void>;
  /**
   * Swaps the token (e.g. after a 401 and a new exchange) and tells the
   * `onTokenChange` listeners (the write queue resumes). With `getToken`, that
   * function still decides; call `setToken` after its source changed.
   */
  setToken(token: string | undefined): void;
  /** The token the next request would send (the live connection sends it in its first message). */
  currentToken(): string | undefined;
  /** Called after each `setToken`; returns the unsubscribe function. */
  onTokenChange(listener: () => void): () => void;
}

interface Answer {
  status: number;
  retryAfter: string | null;
  /** The parsed JSON body, or undefined when the body was empty or not JSON. */
  body: unknown;
  json: boolean;
}

interface Schema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

interface CallOptions {
  body?: unknown;
  /** Sends the Bearer token. @default true */
  auth?: boolean;
}

/** Creates the API client; checks its options up front. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const { baseUrl, getToken, timeoutMs = 15_000, clock = systemClock } = options;
  const fetchFn = options.fetch ?? globalThis.fetch;
  if (typeof baseUrl !== 'string' || baseUrl === '') throw new TypeError('createApiClient: baseUrl is required');
  if (typeof fetchFn !== 'function') throw new TypeError('createApiClient: no fetch function available');
  const root = baseUrl.replace(/\/+$/, '');
  let token = options.token;
  const listeners = new Set<() => void>();

  function headersFor(init: CallOptions): Record<string, string> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    if (init.auth === false) return headers;
    const current = getToken ? getToken() : token;
    if (!current) throw new ApiError('UNAUTHORIZED', 'No token yet: the overlay is not signed in');
    headers.Authorization = `Bearer ${current}`;
    return headers;
  }

  async function send(method: string, path: string, init: CallOptions = {}): Promise<Answer> {
    const headers = headersFor(init);
    const controller = new AbortController();
    let timedOut = false;
    const timer = clock.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    try {
      const response = await fetchFn(root + path, {
        method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: controller.signal,
        // The overlay URL carries the token or overlay id: never leak it, never send cookies.
        referrerPolicy: 'no-referrer',
        credentials: 'omit',
        // A read must never come from the HTTP cache. A write never does anyway, and `no-store` on it
        // would cost a CORS preflight per request: Chromium skips its preflight cache for that mode.
        ...(method === 'GET' && { cache: 'no-store' as const }),
      });
      return { status: response.status, retryAfter: response.headers.get('Retry-After'), ...parseJson(await response.text()) };
    } catch {
      if (timedOut) throw new ApiError('TIMEOUT', `The API did not answer within ${timeoutMs} ms`);
      throw new ApiError('UNAVAILABLE', 'The API cannot be reached');
    } finally {
      clock.clearTimeout(timer);
    }
  }

  async function call<T>(method: string, path: string, schema: Schema<T>, init?: CallOptions): Promise<T> {
    return parseOk(await send(method, path, init), schema);
  }

  return {
    baseUrl: root,
    me: () => call('GET', '/me', ProfileSchema),
    layout: (kind) => call('GET', `/me/layout/${kind}`, LayoutSchema),
    validate: () => call('GET', '/auth/validate', ValidateSchema),
    exchangeOverlay: (overlay) => call('POST', '/auth/overlay', OverlayTokenSchema, { body: { overlay }, auth: false }),
    async dbGet(id, key) {
      const answer = await send('GET', `/me/database?${new URLSearchParams({ id, key })}`);
      // A JSON 404 is the API's "never set"; an HTML 404 is a wrong address, not an unset key.
      if (answer.status === 404 && answer.json) return undefined;
      return entryOf(answer).value;
    },
    async dbValues(id) {
      const answer = await send('GET', `/me/database/values?${new URLSearchParams({ id })}`);
      // No such route (404), or a route the API does not serve this way (405, 501): the API lacks the extension.
      if (answer.status === 404 || answer.status === 405 || answer.status === 501) return undefined;
      return (parseOk(answer, DatabaseValuesSchema) as DatabaseValues).values;
    },
    async dbSet(id, key, value) {
      const answer = await send('PATCH', '/me/database', { body: { id, key, value } });
      if (!isOk(answer)) throw failure(answer);
      // The echo is informative; a JSON 2xx is the confirmation. A non-JSON 2xx is no
      // confirmation at all (e.g. a captive portal's HTML page): it must be retried.
      if (!answer.json) throw unexpected(answer);
      const echo = DatabaseEntrySchema.safeParse(unwrapBody(answer.body));
      return echo.success && 'value' in echo.data ? (echo.data as DatabaseEntry) : { id, key, value };
    },
    listEvents(query = {}) {
      const params = new URLSearchParams();
      if (query.after !== undefined) params.set('after', query.after);
      if (query.limit !== undefined) params.set('limit', String(query.limit));
      // Not `params.size`: Chromium 103 (OBS 29-30) has no such property, and the query would be dropped.
      const search = String(params);
      return call('GET', `/me/events${search ? `?${search}` : ''}`, EventPageSchema);
    },
    postEvent: (body) => call('POST', '/me/events', StreamEventSchema, { body }),
    async replayEvent(id) {
      const answer = await send('POST', `/me/events/${encodeURIComponent(id)}/replay`);
      if (!isOk(answer)) throw failure(answer);
    },
    alerts: () => call('GET', ALERTS_PATH, AlertsStateSchema),
    alertCommand: (command) => call('POST', `${ALERTS_PATH}/${command}`, AlertsStateSchema),
    async reportAlerts(report) {
      const answer = await send('POST', ALERTS_REPORT_PATH, { body: report });
      if (!isOk(answer)) throw failure(answer);
    },
    setToken(next) {
      // The same token again changes nothing: listeners (the queue's resume) are not woken for it.
      if (next === token && !getToken) return;
      token = next;
      for (const listener of listeners) listener();
    },
    currentToken: () => (getToken ? getToken() : token),
    onTokenChange(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

function parseJson(text: string): { body: unknown; json: boolean } {
  if (text === '') return { body: undefined, json: false };
  try {
    return { body: JSON.parse(text), json: true };
  } catch {
    return { body: undefined, json: false };
  }
}

function isOk(answer: Answer): boolean {
  return answer.status >= 200 && answer.status <= 299;
}

function failure(answer: Answer): ApiError {
  const code = codeForStatus(answer.status);
  return new ApiError(code, errorMessage(answer.body, answer.status), answer.status, answer.retryAfter);
}

function unexpected(answer: Answer): ApiError {
  return new ApiError('UNAVAILABLE', 'The API answered with an unexpected body', answer.status, answer.retryAfter);
}

function parseOk<T>(answer: Answer, schema: Schema<T>): T {
  if (!isOk(answer)) throw failure(answer);
  const parsed = schema.safeParse(unwrapBody(answer.body));
  if (!parsed.success) throw unexpected(answer);
  return parsed.data;
}

function entryOf(answer: Answer): { value: Json } {
  if (!isOk(answer)) throw failure(answer);
  const inner = unwrapBody(answer.body);
  if (!isRecord(inner) || !('value' in inner)) throw unexpected(answer);
  return { value: inner.value as Json };
}
