import { HttpError } from '../HttpError.ts';
import type { ApiRequest } from '../ApiRequest.ts';
import { readIncoming } from './nodeBody.ts';

/** 415 unless the media type is `application/json` (parameters such as charset allowed). */
export function requireJsonContentType(request: ApiRequest): void {
  const header = request.header('content-type');
  const mediaType = (header ?? '').split(';', 1)[0]?.trim().toLowerCase();
  if (mediaType !== 'application/json') {
    const got = header === null ? 'none' : JSON.stringify(header.slice(0, 100));
    throw new HttpError(415, `Unsupported media type - Content-Type must be application/json, got ${got}`);
  }
}

const tooLarge = (maxBytes: number) =>
  new HttpError(413, `Payload too large - the request body exceeds the body limit of ${maxBytes} bytes`, {
    Connection: 'close',
  });

const unreadable = () => new HttpError(400, 'Bad request - the request body could not be read');

/**
 * The body's bytes, refused with 413 as soon as they pass `maxBytes`: by the
 * declared Content-Length before reading anything, else while streaming (chunked).
 */
export async function readBody(request: ApiRequest, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(request.header('content-length') ?? Number.NaN);
  if (declared > maxBytes) throw tooLarge(maxBytes);
  const body = request.body();
  if (!body) return new Uint8Array(0);
  if (!('getReader' in body)) return readIncoming(body, maxBytes, () => tooLarge(maxBytes), unreadable);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read().catch(() => {
      throw unreadable();
    });
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      reader.cancel().catch(() => {});
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return concat(chunks, total);
}

function concat(chunks: Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Parses a body that must be a JSON object; 400 naming the problem otherwise. */
export function parseJsonObject(bytes: Uint8Array, expected: string): Record<string, unknown> {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new HttpError(400, 'Invalid JSON body - the body is not valid UTF-8');
  }
  if (text.trim() === '') throw new HttpError(400, `Invalid JSON body - the body is empty; expected ${expected}`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new HttpError(400, `Invalid JSON body - ${(error as Error).message}`);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, `Invalid body - expected ${expected}, got ${Array.isArray(body) ? 'an array' : `${body === null ? 'null' : typeof body}`}`);
  }
  return body as Record<string, unknown>;
}
