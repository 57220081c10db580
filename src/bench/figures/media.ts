import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { defineFigure, type Row } from '../Figure.ts';
import { makeRow } from '../makeRow.ts';
import { sampleInterleaved } from '../sampleInterleaved.ts';
import { runLoad } from '../server/runLoad.ts';
import { type SpawnedServer, spawnListening, spawnReferenceServer } from '../server/spawnServer.ts';
import { DEMO_TOKENS } from '../../server/index.ts';
import { sampleFile } from '../../server/testing/sampleMedia.ts';

const TSX_LOADER = pathToFileURL(fileURLToPath(new URL('../../../node_modules/tsx/dist/loader.mjs', import.meta.url))).href;
const BARE = fileURLToPath(new URL('../server/bareMediaServer.ts', import.meta.url));
const AUTH = { Authorization: `Bearer ${DEMO_TOKENS.website}` };
const MB = 1024 * 1024;

/**
 * The media library on the reference server (its CLI, SQLite store), each against a bare node:http
 * process doing the least the same job needs (bareMediaServer.ts), runs alternating:
 * - `media.get`: a 1 MB file served to autocannon, 10 keep-alive connections, 2 s per run;
 * - `media.upload`: one 25 MB upload at a time, until its 201, against the bare server writing the
 *   same bytes to a file synced to disk (the reference server's 201 means committed to SQLite).
 */
const media = defineFigure({ name: 'media', order: 58, rows: ['media.get', 'media.upload'] }, async (context) => {
  const dir = await context.tempDir('media');
  const file = sampleFile('png', MB);
  await writeFile(join(dir, 'file.png'), file);
  const reference = await spawnReferenceServer(`sqlite:${join(dir, 'media.sqlite')}`, ['--media-quota-mb', '1000']);
  const bare = await spawnListening(process.execPath, ['--import', TSX_LOADER, BARE, join(dir, 'file.png'), dir]).catch(async (error: unknown) => {
    await reference.stop();
    throw error;
  });
  try {
    return [await measureGet(reference, bare, file), await measureUpload(reference, bare)];
  } finally {
    await Promise.all([reference.stop(), bare.stop()]);
  }
});

async function upload(url: string, bytes: Uint8Array): Promise<{ ms: number; id?: string }> {
  const started = performance.now();
  const response = await fetch(`${url}/me/media?name=bench.png`, { method: 'POST', headers: { ...AUTH, 'Content-Type': 'application/octet-stream' }, body: bytes as BodyInit });
  const body = (await response.json()) as { id?: string };
  if (response.status !== 201) throw new Error(`upload to ${url}: ${response.status} ${JSON.stringify(body)}`);
  return { ms: performance.now() - started, id: body.id };
}

async function measureGet(reference: SpawnedServer, bare: SpawnedServer, file: Uint8Array): Promise<Row> {
  const { id } = await upload(reference.url, file);
  const get = (server: SpawnedServer, path: string) => async () => (await runLoad(server.url, { method: 'GET', path, headers: {} }, 2, 10)).rps;
  const rps = await sampleInterleaved({ warmup: 1, runs: 5, variants: { reference: get(reference, `/media/${id}`), bare: get(bare, '/file.png') } });
  return makeRow({ name: 'media.get', title: 'reference server GET of a 1 MB media file, 10 connections, sqlite', unit: 'req/s', samples: rps.reference, baseline: rps.bare, target: { of: 'ratio', op: '>=', limit: 0.7 } });
}

async function measureUpload(reference: SpawnedServer, bare: SpawnedServer): Promise<Row> {
  const bytes = sampleFile('webm', 25 * MB);
  const timed = (server: SpawnedServer, after?: (id: string) => Promise<unknown>) => async () => {
    const { ms, id } = await upload(server.url, bytes);
    // Not timed: the quota stays free for the next run.
    if (after && id) await after(id);
    return ms;
  };
  const remove = (id: string) => fetch(`${reference.url}/me/media/${id}`, { method: 'DELETE', headers: AUTH });
  const ms = await sampleInterleaved({ warmup: 1, runs: 5, variants: { reference: timed(reference, remove), bare: timed(bare) } });
  return makeRow({ name: 'media.upload', title: 'reference server upload of a 25 MB file to sqlite, until its 201', unit: 'ms', samples: ms.reference, baseline: ms.bare, target: { of: 'ratio', op: '<=', limit: 1.5 } });
}

export default media;
