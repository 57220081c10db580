import { readIncoming } from '../body/nodeBody.ts';
import type { ApiRequest } from '../ApiRequest.ts';
import { HttpError } from '../HttpError.ts';

const cutOff = () => new HttpError(400, 'Bad request - the upload was cut off before its end; nothing was stored');

/**
 * The uploaded bytes, refused with `tooLarge()` as soon as they pass `maxBytes` (the rest is
 * drained, never kept). Read whole before anything is stored: an upload cut off midway stores nothing.
 */
export async function readUpload(request: ApiRequest, maxBytes: number, tooLarge: () => HttpError): Promise<Uint8Array> {
  const body = request.body();
  if (!body) return new Uint8Array(0);
  if (!('getReader' in body)) return readIncoming(body, maxBytes, tooLarge, cutOff);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read().catch(() => {
      throw cutOff();
    });
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}
