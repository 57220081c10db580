import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../server/testing/apiTestClient.ts';
import { createTestDist } from './testing/createTestDist.ts';
import { freePort, type SpawnedCli, spawnCli } from './testing/spawnCli.ts';

let dist: string;
let start: SpawnedCli;
let url: string;

// `npm start` configured as a cloud platform does it: no flags, everything in the environment.
beforeAll(async () => {
  dist = await createTestDist('page from the environment');
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  const env = { PORT: String(port), OVERLAY_STORE: 'memory', OVERLAY_DIST: dist, OVERLAY_TRUST_PROXY: '1', OVERLAY_FAILED_EXCHANGE_LIMIT: '2' };
  start = await spawnCli('start.ts', [], /Studio for module authors/, env);
}, 30_000);

afterAll(async () => {
  await start?.stop();
  await rm(dist, { recursive: true, force: true });
});

/** The tool overlay id `npm start` made for this streamer and printed (the demo's fixed ids do not work there). */
const toolOverlayId = () => decodeURIComponent(/^ {2}tool +\S+\/\?overlay=(\S+)$/m.exec(start.output())?.[1] ?? '');

const exchange = (overlay: string, forwardedFor: string) =>
  send(url, 'POST', '/api/auth/overlay', { body: { overlay }, headers: { 'X-Forwarded-For': forwardedFor } });

describe('npm start from the environment', () => {
  it('listens on PORT and serves OVERLAY_DIST', async () => {
    expect(start.output()).toContain(`Overlay server listening on ${url}`);
    expect(await (await fetch(`${url}/`)).text()).toContain('page from the environment');
  });

  it('OVERLAY_TRUST_PROXY=1: two clients behind one proxy keep their own budgets of failed exchanges (OVERLAY_FAILED_EXCHANGE_LIMIT=2)', async () => {
    for (const guess of ['guess-1', 'guess-2']) expect((await exchange(guess, '203.0.113.1')).status).toBe(404);
    expect(toolOverlayId()).not.toBe('');
    expect((await exchange(toolOverlayId(), '203.0.113.1')).status).toBe(429);
    expect((await exchange(toolOverlayId(), '203.0.113.2')).status).toBe(201);
  });
});
