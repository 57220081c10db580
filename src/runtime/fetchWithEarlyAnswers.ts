/** A request the page's inline start script (index.html) made before the page script ran. */
export interface EarlyRequest {
  method: string;
  url: string;
  /** The request body as sent (JSON text), or null. */
  body: string | null;
  /** The `Authorization` header it was sent with, or null; a promise while the token is still coming. */
  authorization: string | null | Promise<string | null>;
  answer: Promise<Response>;
}

/** Where index.html's inline script leaves its requests. */
export const EARLY_REQUESTS_GLOBAL = '__overlayEarlyRequests';

/** Takes the early requests off the page (once: later calls, and pages without them, get none). */
export function takeEarlyRequests(scope: object = globalThis): EarlyRequest[] {
  const holder = scope as Record<string, unknown>;
  const found = holder[EARLY_REQUESTS_GLOBAL];
  Reflect.deleteProperty(holder, EARLY_REQUESTS_GLOBAL);
  return Array.isArray(found) ? (found as EarlyRequest[]) : [];
}

/**
 * A `fetch` that answers the first request identical to an early one (method,
 * URL, body, token) with that request's answer instead of sending it again.
 * The token exchange and `GET /me` then run while the page script is still
 * loading, and the API client reads their answers as its own, a 429 or an
 * error included. An early request that failed outright, or whose token is not
 * the one asked with, is sent again; the client's timeout still applies.
 */
export function fetchWithEarlyAnswers(fetchFn: typeof globalThis.fetch, early: readonly EarlyRequest[]): typeof globalThis.fetch {
  const waiting = new Map(early.map((request) => [keyOf(request.method, request.url, request.body), request]));
  return (input, init) => {
    const request = typeof input === 'string' ? waiting.get(keyOf(init?.method ?? 'GET', input, bodyOf(init))) : undefined;
    if (!request) return fetchFn(input, init);
    waiting.delete(keyOf(request.method, request.url, request.body));
    const asked = init?.headers ? new Headers(init.headers).get('Authorization') : null;
    const answer = Promise.resolve(request.authorization).then((sentWith) => {
      if (sentWith !== asked) throw new Error('another token');
      return request.answer;
    });
    return untilAborted(answer, init?.signal).catch(() => fetchFn(input, init));
  };
}

function bodyOf(init: RequestInit | undefined): string | null {
  return typeof init?.body === 'string' ? init.body : null;
}

function keyOf(method: string, url: string, body: string | null): string {
  return JSON.stringify([method.toUpperCase(), url, body]);
}

/** The answer, unless the caller's signal aborts first (then fetch, called again with it, rejects at once). */
function untilAborted(answer: Promise<Response>, signal: AbortSignal | null | undefined): Promise<Response> {
  if (!signal) return answer;
  return new Promise((resolve, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    answer.then(resolve, reject);
  });
}
