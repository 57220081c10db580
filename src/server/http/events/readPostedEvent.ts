import { EVENT_ID_MAX_LENGTH, EVENT_MAX_BYTES, EVENT_TYPE_MAX_LENGTH, EVENT_TYPE_PATTERN, type PostEvent } from '../../../api/index.ts';
import { HttpError } from '../HttpError.ts';
import type { ApiRequest } from '../ApiRequest.ts';

/**
 * 415 unless the body may be JSON: `application/json`, no Content-Type, or
 * `application/x-www-form-urlencoded`, which is what `curl -d` and many Stream
 * Deck / Companion HTTP actions send without being asked. The body is read as
 * JSON in every case; a real form body fails as invalid JSON (400).
 */
export function requireEventMediaType(request: ApiRequest): void {
  const header = request.header('content-type');
  const mediaType = (header ?? '').split(';', 1)[0]?.trim().toLowerCase();
  if (mediaType === '' || mediaType === 'application/json' || mediaType === 'application/x-www-form-urlencoded') return;
  throw new HttpError(415, `Unsupported media type - Content-Type must be application/json, got ${JSON.stringify(header!.slice(0, 100))}`);
}

const bad = (message: string) => new HttpError(400, `Invalid event - ${message}`);

/** The body of `POST /me/events`, checked member by member: a 400 names the bad one, a 413 an `event` over 16 KiB. */
export function readPostedEvent(body: Record<string, unknown>): PostEvent {
  const { type, event, version, id, test } = body;
  if (type === undefined) throw bad('type is required: an EventSub subscription type such as "channel.raid", or "custom.<name>"');
  if (typeof type !== 'string' || type.length > EVENT_TYPE_MAX_LENGTH || !EVENT_TYPE_PATTERN.test(type)) {
    throw bad(`type must be lower-case dotted words such as "channel.raid" or "custom.next-question" (at most ${EVENT_TYPE_MAX_LENGTH} characters), got ${JSON.stringify(type)?.slice(0, 120)}`);
  }
  if (event === undefined) throw bad('event is required: a JSON object, e.g. {}');
  if (typeof event !== 'object' || event === null || Array.isArray(event)) throw bad(`event must be a JSON object, got ${Array.isArray(event) ? 'an array' : event === null ? 'null' : typeof event}`);
  const bytes = Buffer.byteLength(JSON.stringify(event));
  if (bytes > EVENT_MAX_BYTES) throw new HttpError(413, `Payload too large - event is ${bytes} bytes of JSON, over the limit of ${EVENT_MAX_BYTES} bytes (16 KiB)`);
  if (version !== undefined && (typeof version !== 'string' || version === '' || version.length > 32)) throw bad('version must be a string of 1 to 32 characters, e.g. "1"');
  if (id !== undefined && (typeof id !== 'string' || id === '' || id.length > EVENT_ID_MAX_LENGTH)) throw bad(`id must be a string of 1 to ${EVENT_ID_MAX_LENGTH} characters`);
  if (test !== undefined && typeof test !== 'boolean') throw bad('test must be true or false');
  return { type, event: event as Record<string, unknown>, version, id, test };
}
