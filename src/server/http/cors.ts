/**
 * Auth is a bearer header, never a cookie, so any origin may call: the overlay
 * page and the API may sit on different origins (docs/server.md, CORS).
 */
export const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Retry-After',
} as const;

/** Headers of the 204 answer to a preflight. */
export const PREFLIGHT_HEADERS = {
  ...CORS_HEADERS,
  'Access-Control-Allow-Methods': 'GET, PATCH, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type',
  'Access-Control-Max-Age': '600',
} as const;

/** The preflight of a path that also takes PUT or DELETE (the profile's writes), whose `If-Match` a cross-origin page sends. */
export const WRITE_PREFLIGHT_HEADERS = {
  ...PREFLIGHT_HEADERS,
  'Access-Control-Allow-Methods': 'GET, PATCH, POST, PUT, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, If-Match',
} as const;

/** What a response carrying an `ETag` exposes to a cross-origin page. */
export const ETAG_EXPOSE_HEADERS = { 'Access-Control-Expose-Headers': 'Retry-After, ETag' } as const;

// Responses built here with the CORS headers: reading the headers of one would make
// the node adapter turn its lightweight Response into a full one.
const built = new WeakSet<Response>();

/** A response with the CORS headers (and `headers`), known to have them without reading them back. */
export function corsResponse(body: BodyInit | null, status: number, headers: Record<string, string>): Response {
  const exposed = headers['Access-Control-Expose-Headers'];
  const merged = { ...headers, ...CORS_HEADERS, ...(exposed ? { 'Access-Control-Expose-Headers': exposed } : {}) };
  const response = new Response(body, { status, headers: merged });
  built.add(response);
  return response;
}

/** Adds the CORS headers to a response that lacks them (one naming its own allowed origin keeps it), in place when its headers are mutable. */
export function withCors(response: Response): Response {
  if (built.has(response) || response.headers.has('Access-Control-Allow-Origin')) return response;
  try {
    for (const [name, value] of Object.entries(CORS_HEADERS)) response.headers.set(name, value);
    return response;
  } catch {
    // Headers of some responses (e.g. from fetch) are immutable: copy them.
    const copy = new Response(response.body, response);
    for (const [name, value] of Object.entries(CORS_HEADERS)) copy.headers.set(name, value);
    return copy;
  }
}
