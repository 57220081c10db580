import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem, MediaList } from '../../api/index.ts';
import { type RunningApiServer, type StartApiServerOptions, startApiServer } from '../startApiServer.ts';
import { startRedisServer, type TestRedisServer } from '../testing/redisServer.ts';
import { startS3Server, type TestS3Server } from '../testing/s3Server.ts';
import { sampleFile } from '../testing/sampleMedia.ts';
import { TEST_SEED } from '../testing/testSeed.ts';

const SITE = 'site-1001';
let redis: TestRedisServer;
let s3: TestS3Server;
const dir = mkdtempSync(join(tmpdir(), 'overlay-media-servers-'));
const servers: RunningApiServer[] = [];
beforeAll(async () => {
  [redis, s3] = await Promise.all([startRedisServer(), startS3Server()]);
});
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});
afterAll(async () => {
  await Promise.all([redis.dispose(), s3.dispose()]);
  rmSync(dir, { recursive: true, force: true });
});

async function start(options: StartApiServerOptions) {
  const server = await startApiServer({ seed: TEST_SEED, log: () => {}, onInternalError: () => {}, ...options });
  servers.push(server);
  return server;
}

const upload = (server: RunningApiServer, bytes: Uint8Array) =>
  fetch(`${server.url}/me/media?name=clip.webm`, { method: 'POST', headers: { Authorization: `Bearer ${SITE}`, 'Content-Type': 'application/octet-stream' }, body: bytes as BodyInit });
const list = async (server: RunningApiServer) => (await (await fetch(`${server.url}/me/media`, { headers: { Authorization: `Bearer ${SITE}` } })).json()) as MediaList;
const bytesAt = async (url: string, range?: string) => {
  const response = await fetch(url, { headers: range ? { Range: range } : {} });
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()), headers: response.headers };
};

describe('the library on one machine (SQLite)', () => {
  it('keeps every file across a restart; deleting frees the quota', async () => {
    const file = join(dir, 'restart.sqlite');
    const bytes = sampleFile('webm', 1_500_000);
    const first = await start({ store: `sqlite:${file}`, media: { limits: { maxFileBytes: 2_000_000, quotaBytes: 2_000_000 } } });
    expect((await upload(first, bytes)).status).toBe(201);
    await first.close();
    const again = await start({ store: `sqlite:${file}`, media: { limits: { maxFileBytes: 2_000_000, quotaBytes: 2_000_000 } } });
    const [item] = (await list(again)).items as [MediaItem];
    expect((await bytesAt(item.url)).bytes.equals(bytes)).toBe(true);
    expect((await bytesAt(item.url, 'bytes=1048570-1048580')).bytes.equals(bytes.subarray(1048570, 1048581))).toBe(true);
    expect((await upload(again, bytes)).status).toBe(413);
    await fetch(`${again.url}/me/media/${item.id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${SITE}` } });
    expect((await upload(again, bytes)).status).toBe(201);
  });
});

describe('the library on Redis, shared by instances', () => {
  it('plays a file uploaded on one instance from another; a delete on one is seen by both', async () => {
    const [a, b] = [await start({ store: redis.url }), await start({ store: redis.url })];
    const bytes = sampleFile('png', 300_000);
    const item = (await (await upload(a, bytes)).json()) as MediaItem;
    const fromB = await bytesAt(item.url.replace(a.url, b.url), 'bytes=1000-1999');
    expect([fromB.status, fromB.headers.get('content-type')]).toEqual([206, 'image/png']);
    expect(fromB.bytes.equals(bytes.subarray(1000, 2000))).toBe(true);
    expect((await list(b)).items.map((each) => each.id)).toContain(item.id);
    expect((await fetch(`${b.url}/me/media/${item.id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${SITE}` } })).status).toBe(204);
    expect((await bytesAt(item.url)).status).toBe(404);
  });

  it('answers 503 when Redis goes away mid-upload, and nothing is half-written', async () => {
    const server = await start({ store: redis.url });
    const before = (await list(server)).items.length;
    const answer = await uploadWhile(server, sampleFile('gif', 200_000), () => redis.stop());
    expect(answer.status).toBe(503);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 503 });
    await redis.restart();
    await expect.poll(async () => (await fetch(`${server.url}/me/media`, { headers: { Authorization: `Bearer ${SITE}` } })).status, { timeout: 10_000 }).toBe(200);
    expect((await list(server)).items).toHaveLength(before);
  });
});

describe('the bytes in an S3-compatible bucket', () => {
  it('serves through the API with the same headers and ranges, keeps files across a restart, and deletes the object', async () => {
    const file = join(dir, 's3-index.sqlite');
    const options = { store: `sqlite:${file}`, media: { bucket: s3.spec('media') } };
    const first = await start(options);
    const bytes = sampleFile('mp4', 400_000);
    const item = (await (await upload(first, bytes)).json()) as MediaItem;
    expect(item).toMatchObject({ kind: 'video', type: 'video/mp4', bytes: 400_000 });
    await first.close();
    const again = await start(options);
    const url = item.url.replace(first.url, again.url);
    const part = await bytesAt(url, 'bytes=399990-');
    expect([part.status, part.headers.get('content-range'), part.headers.get('x-content-type-options'), part.headers.get('cache-control')]).toEqual([206, 'bytes 399990-399999/400000', 'nosniff', 'public, max-age=31536000, immutable']);
    expect(part.bytes.equals(bytes.subarray(399990))).toBe(true);
    expect((await bytesAt(url)).bytes.equals(bytes)).toBe(true);
    expect((await fetch(`${again.url}/me/media/${item.id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${SITE}` } })).status).toBe(204);
    expect((await bytesAt(url)).status).toBe(404);
    expect((await fetch(`${s3.endpoint}/${s3.bucket}/media/${item.id}`)).status).toBe(404);
  });

  it('answers 503 when the bucket cannot be reached, and lists nothing', async () => {
    const server = await start({ store: 'memory', media: { bucket: { ...s3.spec(), endpoint: 'http://127.0.0.1:9' } } });
    const answer = await upload(server, sampleFile('png', 1000));
    expect(answer.status).toBe(503);
    expect((await list(server)).items).toEqual([]);
  });
});

/** Sends the first half of a chunked upload, runs `meanwhile`, then the rest; resolves with the answer. */
function uploadWhile(server: RunningApiServer, bytes: Uint8Array, meanwhile: () => Promise<void>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${server.url}/me/media?name=half.gif`, { method: 'POST', headers: { Authorization: `Bearer ${SITE}`, 'Content-Type': 'image/gif' } }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk)).on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    const half = bytes.byteLength / 2;
    request.write(bytes.subarray(0, half), () => {
      void meanwhile().then(() => request.end(bytes.subarray(half)), reject);
    });
  });
}
