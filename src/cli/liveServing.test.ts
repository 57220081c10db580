import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { DEMO_TOKENS } from '../server/index.ts';
import { send } from '../server/testing/apiTestClient.ts';
import { connectLive } from '../server/testing/liveTestClient.ts';
import { freePort } from '../server/testing/freePort.ts';

// `npm start` and `npm run dev` as people run them: the live endpoint under /api, next to the page (and Vite's HMR socket).
const TSX_LOADER = pathToFileURL(fileURLToPath(new URL('../../node_modules/tsx/dist/loader.mjs', import.meta.url))).href;
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

async function run(script: string, args: string[]): Promise<{ base: string; child: ChildProcess; exited: Promise<number | null>; output: () => string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', TSX_LOADER, script, '--port', String(port), '--store', 'memory', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CI: 'true' },
  });
  children.push(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let out = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (out.includes('Studio')) resolve();
    });
    void exited.then((code) => reject(new Error(`${script} exited with ${code}: ${out}`)));
  });
  return { base: `http://127.0.0.1:${port}`, child, exited, output: () => out };
}

async function expectLiveUnderApi(base: string, token: string) {
  const client = await connectLive(base, { path: '/api/me/database/changes' });
  expect(await client.auth(token)).toMatchObject({ type: 'ready' });
  const answer = await send(base, 'PATCH', '/api/me/database', { token, body: { id: 'de.example.cli', key: 'k', value: [1] } });
  expect(answer.status).toBe(200);
  expect(await client.next()).toMatchObject({ type: 'change', moduleId: 'de.example.cli', name: 'k', value: [1], from: 'de.example.cli' });
  expect((await send(base, 'GET', '/api/me/database/changes')).status).toBe(426);
  return client;
}

describe('the live endpoint under /api', () => {
  it('npm start: served, and closed with 1001 on SIGTERM; with --no-live, a 404', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'overlay-live-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>overlay</title>');
    mkdirSync(join(dist, 'modules'));
    try {
      const { base, child, exited, output } = await run('src/cli/start.ts', ['--dist', dist]);
      // npm start has no fixed overlay token: exchange the tool overlay's printed id for one.
      const overlay = decodeURIComponent(/ tool +\S+\?overlay=(\S+)/.exec(output())![1]!);
      const exchanged = await send(base, 'POST', '/api/auth/overlay', { body: { overlay } });
      const client = await expectLiveUnderApi(base, (exchanged.body as { token: string }).token);
      child.kill('SIGTERM');
      expect((await client.closed).code).toBe(1001);
      expect(await exited).toBe(0);
      const without = await run('src/cli/start.ts', ['--dist', dist, '--no-live']);
      await expect(connectLive(without.base, { path: '/api/me/database/changes' })).rejects.toThrow(/upgrade answered 404/);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  }, 60_000);

  it("npm run dev: served next to Vite's HMR socket, which still answers; closed with 1001 on SIGTERM", async () => {
    const { base, child } = await run('src/cli/dev.ts', ['--no-open']);
    const client = await expectLiveUnderApi(base, DEMO_TOKENS.tool);
    const hmr = new WebSocket(`${base.replace('http', 'ws')}/`, 'vite-hmr');
    const greeting = await new Promise<string>((resolve, reject) => {
      hmr.once('message', (data) => resolve(data.toString()));
      hmr.once('error', reject);
    });
    expect(JSON.parse(greeting)).toMatchObject({ type: 'connected' });
    hmr.terminate();
    child.kill('SIGTERM');
    expect((await client.closed).code).toBe(1001);
  }, 60_000);
});

