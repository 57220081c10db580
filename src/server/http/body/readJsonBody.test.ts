import { describe, expect, it } from 'vitest';
import { fromWebRequest } from '../ApiRequest.ts';
import { readBody } from './readJsonBody.ts';

/** A web Request whose body arrives in chunks without a Content-Length (as through a prefix-stripping mount). */
function chunked(parts: string[]) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(encoder.encode(part));
      controller.close();
    },
  });
  return fromWebRequest(new Request('http://x/me/database', { method: 'PATCH', body, duplex: 'half' } as RequestInit));
}

// The HTTP tests go through Node's server (the fast path reading Node's stream);
// these cover the web-standard path other callers take.
describe('readBody on a web Request', () => {
  it('joins the chunks of a body within the limit', async () => {
    const bytes = await readBody(chunked(['{"a":', '1}']), 10);
    expect(new TextDecoder().decode(bytes)).toBe('{"a":1}');
  });

  it('refuses with 413 once the streamed bytes pass the limit', async () => {
    await expect(readBody(chunked(['12345', '67890', 'x']), 10)).rejects.toMatchObject({ status: 413 });
  });

  it('refuses with 413 from the declared length before reading', async () => {
    const request = new Request('http://x/', { method: 'PATCH', body: 'x'.repeat(20), headers: { 'Content-Length': '20' } });
    await expect(readBody(fromWebRequest(request), 10)).rejects.toMatchObject({ status: 413 });
  });
});
