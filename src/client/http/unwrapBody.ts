/** True for a plain JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The hosted service wraps bodies as `{meta, data}` or `{meta, error}`; the
 * reference server sends them bare. Returns the inner body either way.
 */
export function unwrapBody(body: unknown): unknown {
  if (isRecord(body) && 'meta' in body) {
    if ('data' in body) return body.data;
    if ('error' in body) return body.error;
  }
  return body;
}

const MAX_MESSAGE = 300;

/** The reason an error body gives (bare `{code, message}`, wrapped, or a plain string), else `HTTP <status>`. */
export function errorMessage(body: unknown, status: number): string {
  const inner = unwrapBody(body);
  const text = isRecord(inner) ? inner.message : inner;
  if (typeof text === 'string' && text !== '') return text.slice(0, MAX_MESSAGE);
  return `HTTP ${status}`;
}
