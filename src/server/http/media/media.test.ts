import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { MediaItem, MediaList } from '../../../api/index.ts';
import type { StartApiServerOptions } from '../../startApiServer.ts';
import { send, startTestServer } from '../../testing/apiTestClient.ts';
import { expectError } from '../../testing/expectError.ts';
import { REFUSED_FILES, sampleFile } from '../../testing/sampleMedia.ts';

const SITE = 'site-1001';
const OTHER_SITE = 'site-1002';
const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function start(options: StartApiServerOptions = {}) {
  const test = await startTestServer(options);
  servers.push(test.server);
  const upload = (bytes: Uint8Array, name = 'file.bin', init: { token?: string; type?: string } = {}) =>
    send(test.server.url, 'POST', `/me/media?${new URLSearchParams({ name })}`, {
      token: init.token ?? SITE,
      body: bytes,
      // What a browser sends for a file whose type it does not know (the helper would say JSON otherwise).
      headers: { 'Content-Type': init.type ?? 'application/octet-stream' },
    });
  const list = async (token = SITE) => (await test.request('GET', '/me/media', { token })).body as MediaList;
  return { ...test, upload, list };
}

describe('POST /me/media', () => {
  it('stores a file under a long random id and answers its item, with an absolute URL on the request\'s origin', async () => {
    const { server, upload } = await start();
    const answer = await upload(sampleFile('png', 100), 'cheer.png', { type: 'image/png' });
    expect(answer.status).toBe(201);
    const item = answer.body as MediaItem;
    expect(item).toEqual({ id: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/), name: 'cheer.png', kind: 'image', type: 'image/png', bytes: 100, url: `${server.url}/media/${item.id}`, createdAt: expect.any(String) });
  });

  it('decides the kind by the bytes alone, whatever the name says', async () => {
    const { upload } = await start();
    const answer = await upload(sampleFile('oggOpus'), 'picture.png');
    expect(answer.body).toMatchObject({ kind: 'sound', type: 'audio/ogg', name: 'picture.png' });
    expect((await upload(sampleFile('webm'), 'clip')).body).toMatchObject({ kind: 'video', type: 'video/webm' });
  });

  it('starts the URL with --public-url when set', async () => {
    const { upload } = await start({ publicUrl: 'https://overlay.example.com' });
    const item = (await upload(sampleFile('gif'))).body as MediaItem;
    expect(item.url).toBe(`https://overlay.example.com/media/${item.id}`);
  });

  it.each(Object.entries(REFUSED_FILES))('refuses %s with 415 naming the accepted kinds, and stores nothing', async (_, bytes) => {
    const { upload, list } = await start();
    expectError(await upload(bytes, 'x.svg', { type: 'image/png' }), 415, /images PNG, JPEG, GIF, WebP; sounds MP3, Ogg \(Vorbis, Opus\), WAV; videos MP4, WebM/);
    expect((await list()).items).toEqual([]);
  });

  it('refuses a Content-Type that contradicts the bytes (415), and takes octet-stream', async () => {
    const { upload } = await start();
    expectError(await upload(sampleFile('gif'), 'a.png', { type: 'image/png' }), 415, /contradicts the file's bytes, which are image\/gif/);
    expect((await upload(sampleFile('gif'), 'a.gif', { type: 'application/octet-stream' })).status).toBe(201);
  });

  it('refuses zero bytes and names with a path or a control character (400)', async () => {
    const { upload, request, list } = await start();
    expectError(await upload(new Uint8Array(0), 'empty.png'), 400, /empty \(zero bytes\)/);
    expectError(await upload(sampleFile('png'), '../etc/passwd'), 400, /without a path/);
    expectError(await upload(sampleFile('png'), 'a\\b.png'), 400, /without a path/);
    expectError(await upload(sampleFile('png'), 'a\u0007b.png'), 400, /control character/);
    expectError(await request('POST', '/me/media', { token: SITE, body: sampleFile('png') }), 400, /name \(the file name\) is required/);
    expect((await list()).items).toEqual([]);
  });

  it('needs the website token: an overlay token may only list (403), no token is 401', async () => {
    const { upload, list } = await start();
    expectError(await upload(sampleFile('png'), 'a.png', { token: 'game-1001' }), 403);
    expectError(await upload(sampleFile('png'), 'a.png', { token: 'deck-1001' }), 403);
    expectError(await upload(sampleFile('png'), 'a.png', { token: 'nope' }), 401);
    await upload(sampleFile('png'), 'a.png');
    expect((await list('game-1001')).items).toHaveLength(1);
  });

  it('refuses the website token from an opaque origin (a module frame), for uploads and deletes', async () => {
    const { server, upload } = await start();
    const item = (await upload(sampleFile('png'), 'a.png')).body as MediaItem;
    const headers = { Authorization: `Bearer ${SITE}`, Origin: 'null', 'Content-Type': 'image/png' };
    expectError(await send(server.url, 'POST', '/me/media?name=b.png', { body: sampleFile('png'), headers }), 403, /opaque origin/);
    expectError(await send(server.url, 'DELETE', `/me/media/${item.id}`, { headers }), 403, /opaque origin/);
  });
});

describe('limits', () => {
  const limits = { maxFileBytes: 1000, quotaBytes: 2500 };

  it('refuses a file one byte over the file limit (413), declared or streamed', async () => {
    const { upload, server, list } = await start({ media: { limits } });
    expect((await upload(sampleFile('png', 1000))).status).toBe(201);
    expectError(await upload(sampleFile('png', 1001)), 413, /at most 1000 bytes/);
    const chunked = await postChunked(server.url, [sampleFile('png', 600), sampleFile('png', 401)]);
    expect(chunked.status).toBe(413);
    expect((await list()).bytes).toBe(1000);
  });

  it('refuses a file that passes the quota with 413 naming what is left; deleting frees it', async () => {
    const { upload, list, request } = await start({ media: { limits } });
    const first = (await upload(sampleFile('png', 1000))).body as MediaItem;
    await upload(sampleFile('png', 1000));
    expectError(await upload(sampleFile('png', 600)), 413, /media quota of 2.4 KB: 500 bytes left \(500 bytes\)/);
    expect(await list()).toMatchObject({ bytes: 2000, quota: 2500 });
    expect((await request('DELETE', `/me/media/${first.id}`, { token: SITE })).status).toBe(204);
    expect((await upload(sampleFile('png', 600))).status).toBe(201);
  });

  it('never accepts both of concurrent uploads that together pass the quota', async () => {
    const { upload, list } = await start({ media: { limits } });
    const answers = await Promise.all(Array.from({ length: 6 }, () => upload(sampleFile('png', 900))));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(2);
    expect(answers.filter((answer) => answer.status === 413)).toHaveLength(4);
    expect((await list()).bytes).toBe(1800);
  });

  it('keeps nothing of an upload cut off midway', async () => {
    const { server, list } = await start();
    await cutOffUpload(server.url, sampleFile('png', 5000));
    expect(await list()).toMatchObject({ items: [], bytes: 0 });
  });
});

describe('GET /me/media and DELETE /me/media/<id>', () => {
  it('lists newest first with the bytes used and the quota; another streamer sees none of them', async () => {
    const { upload, list } = await start();
    const a = (await upload(sampleFile('png', 40), 'a.png')).body as MediaItem;
    const b = (await upload(sampleFile('wav', 60), 'b.wav')).body as MediaItem;
    const mine = await list();
    expect(mine.quota).toBe(250 * 1024 * 1024);
    expect(mine.bytes).toBe(100);
    expect(mine.items.map((item) => item.id).sort()).toEqual([a.id, b.id].sort());
    expect(Date.parse(mine.items[0]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(mine.items[1]!.createdAt));
    expect((await list(OTHER_SITE)).items).toEqual([]);
  });

  it('deletes a file: 204, its URL then 404; another streamer\'s id is 404 and the file stays', async () => {
    const { upload, request } = await start();
    const item = (await upload(sampleFile('png', 10))).body as MediaItem;
    expectError(await request('DELETE', `/me/media/${item.id}`, { token: OTHER_SITE }), 404);
    expect((await fetch(item.url)).status).toBe(200);
    expectError(await request('DELETE', `/me/media/${item.id}`, { token: 'game-1001' }), 403);
    expect((await request('DELETE', `/me/media/${item.id}`, { token: SITE })).status).toBe(204);
    expect((await fetch(item.url)).status).toBe(404);
    expectError(await request('DELETE', `/me/media/${item.id}`, { token: SITE }), 404);
  });
});

/** A chunked upload (no Content-Length), so that the limit is met while streaming. */
function postChunked(baseUrl: string, parts: Uint8Array[]): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${baseUrl}/me/media?name=big.png`, { method: 'POST', headers: { Authorization: `Bearer ${SITE}`, 'Transfer-Encoding': 'chunked' } }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0 });
    });
    request.on('error', reject);
    for (const part of parts) request.write(part);
    request.end();
  });
}

/** Sends half of a declared body, then drops the connection; resolves once the server has seen it go. */
async function cutOffUpload(baseUrl: string, bytes: Uint8Array): Promise<void> {
  await new Promise<void>((resolve) => {
    const request = httpRequest(`${baseUrl}/me/media?name=cut.png`, { method: 'POST', headers: { Authorization: `Bearer ${SITE}`, 'Content-Length': String(bytes.byteLength) } });
    request.on('error', () => resolve());
    request.write(bytes.subarray(0, bytes.byteLength / 2), () => setTimeout(() => request.destroy(), 50));
    request.on('close', () => resolve());
  });
}
