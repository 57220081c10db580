import { OverlayError, type ResolvedKey, resolveKey } from '../../../api/index.ts';
import { HttpError } from '../HttpError.ts';

/**
 * Applies the key rules (docs/server.md, Keys) to an `id` and `key` as
 * received; 400 naming the field otherwise.
 */
export function resolveAddress(id: unknown, key: unknown): ResolvedKey {
  if (typeof id !== 'string') throw new HttpError(400, `id is required and must be a string, got ${typeName(id)}`);
  if (typeof key !== 'string') throw new HttpError(400, `key is required and must be a string, got ${typeName(key)}`);
  let resolved: ResolvedKey;
  try {
    resolved = resolveKey(id, key);
  } catch (error) {
    if (error instanceof OverlayError) throw new HttpError(400, error.message);
    throw error;
  }
  // A lone surrogate cannot be sent in a query string and is not text: refuse it
  // rather than let two names collapse into one in the store.
  if (/\p{Cs}/u.test(resolved.name)) throw new HttpError(400, 'key: the name must be well-formed Unicode text');
  return resolved;
}

/** The value's JSON text, within the value limit (413) and not nested beyond what JSON.stringify can walk (400). */
export function measureValue(value: unknown, maxValueBytes: number): string {
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    throw new HttpError(400, 'value is nested too deeply to store');
  }
  // Cannot happen for parsed JSON, but keeps the type honest.
  if (json === undefined) throw new HttpError(400, 'value must be a JSON value');
  const bytes = Buffer.byteLength(json, 'utf8');
  if (bytes > maxValueBytes) {
    throw new HttpError(413, `Payload too large - the value's JSON is ${bytes} bytes, above the value limit of ${maxValueBytes} bytes`);
  }
  return json;
}

/** The body of both database answers, built around the stored JSON text so the value is never re-serialised. */
export function entryJson(id: string, key: string, valueJson: string): string {
  return `{"id":${JSON.stringify(id)},"key":${JSON.stringify(key)},"value":${valueJson}}`;
}

/** The body of `GET /me/database/values`, built around the stored JSON texts (names are unique per module). */
export function valuesJson(id: string, entries: readonly { name: string; json: string }[]): string {
  const members = entries.map(({ name, json }) => `${JSON.stringify(name)}:${json}`);
  return `{"id":${JSON.stringify(id)},"values":{${members.join(',')}}}`;
}

/** The one value of a query parameter that must appear exactly once. */
export function singleParam(params: URLSearchParams, name: string): string {
  const values = params.getAll(name);
  if (values.length === 0) throw new HttpError(400, `${name} is required as a query parameter`);
  if (values.length > 1) throw new HttpError(400, `${name} must be given once, got ${values.length} times`);
  return values[0]!;
}

function typeName(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  return Array.isArray(value) ? 'an array' : `a ${typeof value}`;
}
