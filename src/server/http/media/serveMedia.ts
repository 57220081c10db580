import type { MediaStore } from '../../media/index.ts';
import type { Answer } from '../Answer.ts';
import type { ApiRequest } from '../ApiRequest.ts';
import { HttpError } from '../HttpError.ts';
import { byteRange } from './byteRange.ts';

/**
 * The headers of every served file. `nosniff` and the sandboxing CSP: even a file that slipped past
 * the checks is never run as a page of the API's origin. CORS `*`: module frames have an opaque origin,
 * and WebAudio decodes only what CORS allows. Immutable: a file never changes under its id.
 */
export const MEDIA_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; sandbox",
  'Cross-Origin-Resource-Policy': 'cross-origin',
  'Cache-Control': 'public, max-age=31536000, immutable',
  'Accept-Ranges': 'bytes',
  'Access-Control-Expose-Headers': 'Retry-After, Content-Range, Accept-Ranges, Content-Length',
} as const;

/** Ids are base64url; anything else is no file (and is never handed to a store). */
const MEDIA_ID = /^[A-Za-z0-9_-]{16,64}$/;

const notFound = () => new HttpError(404, 'Not found - no such media file (it may have been deleted)');

/** `GET /media/<id>`: the file's bytes with its detected type, a `Range` answered 206 (416 past the end). */
export function serveMedia(store: MediaStore) {
  return async (request: ApiRequest): Promise<Answer> => {
    const id = new URL(request.url, 'http://api').pathname.split('/').pop() ?? '';
    if (!MEDIA_ID.test(id)) throw notFound();
    const record = await store.find(id);
    if (!record) throw notFound();
    const size = record.bytes;
    const range = byteRange(request.header('range'), size);
    if (range.kind === 'unsatisfiable') {
      throw new HttpError(416, `Range not satisfiable - the file has ${size} bytes`, { 'Content-Range': `bytes */${size}`, 'Access-Control-Expose-Headers': MEDIA_HEADERS['Access-Control-Expose-Headers'] });
    }
    const [start, end] = range.kind === 'part' ? [range.start, range.end] : [0, size - 1];
    // Deleted between the two reads: a clean 404, never a part of the file.
    const bytes = await store.read(id, start, end);
    if (!bytes) throw notFound();
    const headers: Record<string, string> = { ...MEDIA_HEADERS, 'Content-Type': record.type, 'Content-Length': String(end - start + 1) };
    if (range.kind === 'part') headers['Content-Range'] = `bytes ${start}-${end}/${size}`;
    return { status: range.kind === 'part' ? 206 : 200, headers, body: null, bytes };
  };
}
