import { afterEach, describe, expect, it } from 'vitest';
import type { MediaItem } from '../../../api/index.ts';
import { send, startTestServer } from '../../testing/apiTestClient.ts';
import { sampleFile, toneWav } from '../../testing/sampleMedia.ts';

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function uploaded(bytes: Uint8Array, type = 'application/octet-stream') {
  const { server, request } = await startTestServer();
  servers.push(server);
  const answer = await send(server.url, 'POST', '/me/media?name=f', { token: 'site-1001', body: bytes, headers: { 'Content-Type': type } });
  expect(answer.status).toBe(201);
  return { server, request, item: answer.body as MediaItem };
}

const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe('GET /media/<id>', () => {
  it('serves the bytes without a token, with the detected type and the headers that keep them inert', async () => {
    const wav = toneWav(0.5);
    const { item } = await uploaded(wav, 'audio/wav');
    const response = await fetch(item.url, { headers: { Origin: 'null' } });
    expect(response.status).toBe(200);
    expect(await bytesOf(response)).toEqual(wav);
    expect(Object.fromEntries(['content-type', 'content-length', 'x-content-type-options', 'content-security-policy', 'access-control-allow-origin', 'cache-control', 'accept-ranges'].map((name) => [name, response.headers.get(name)]))).toEqual({
      'content-type': 'audio/wav',
      'content-length': String(wav.byteLength),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'access-control-allow-origin': '*',
      'cache-control': 'public, max-age=31536000, immutable',
      'accept-ranges': 'bytes',
    });
    expect(response.headers.get('access-control-expose-headers')).toContain('Content-Range');
  });

  it('answers a range with 206 and its Content-Range: from a point, to the end, the last bytes', async () => {
    const file = sampleFile('mp4', 1000);
    const { item } = await uploaded(file);
    const part = await fetch(item.url, { headers: { Range: 'bytes=100-199' } });
    expect([part.status, part.headers.get('content-range'), part.headers.get('content-length')]).toEqual([206, 'bytes 100-199/1000', '100']);
    expect(await bytesOf(part)).toEqual(file.subarray(100, 200));
    const rest = await fetch(item.url, { headers: { Range: 'bytes=900-' } });
    expect([rest.status, rest.headers.get('content-range')]).toEqual([206, 'bytes 900-999/1000']);
    expect(await bytesOf(rest)).toEqual(file.subarray(900));
    const last = await fetch(item.url, { headers: { Range: 'bytes=-10' } });
    expect(await bytesOf(last)).toEqual(file.subarray(990));
  });

  it('answers a range past the end with 416 and the size', async () => {
    const { item } = await uploaded(sampleFile('mp4', 1000));
    const response = await fetch(item.url, { headers: { Range: 'bytes=1000-' } });
    expect([response.status, response.headers.get('content-range')]).toEqual([416, 'bytes */1000']);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('answers 404 to an id that was never given, and to one of the wrong form; 400 to a path that climbs', async () => {
    const { server } = await uploaded(sampleFile('png'));
    for (const [id, status] of [['AAAAAAAAAAAAAAAAAAAAAAAA', 404], ['short', 404], ['..%2F..%2Fetc', 400]] as const) {
      const response = await fetch(`${server.url}/media/${id}`);
      expect(response.status).toBe(status);
      expect(response.headers.get('cache-control')).toBeNull();
    }
  });

  it('answers each read racing a delete either with the whole file or with 404, never a part', async () => {
    const file = sampleFile('webm', 3 * 1024 * 1024);
    const { item, request } = await uploaded(file);
    const reads = Array.from({ length: 8 }, () => fetch(item.url).then(async (response) => ({ status: response.status, bytes: await bytesOf(response) })));
    const deleted = request('DELETE', `/me/media/${item.id}`, { token: 'site-1001' });
    const answers = await Promise.all(reads);
    expect((await deleted).status).toBe(204);
    for (const answer of answers) {
      if (answer.status === 200) expect(answer.bytes.equals(file)).toBe(true);
      else expect(answer.status).toBe(404);
    }
    expect((await fetch(item.url)).status).toBe(404);
  });
});
