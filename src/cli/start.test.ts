import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OVERLAY_IDS, DEMO_PROFILE, DEMO_TOKENS } from '../server/index.ts';
import { WEBSITE_TOKEN_KEY } from './websiteToken.ts';
import { startRedisServer, type TestRedisServer } from '../server/testing/redisServer.ts';
import { createTestDist } from './testing/createTestDist.ts';
import { freePort, type SpawnedCli, spawnCli } from './testing/spawnCli.ts';

const PASSWORD = 'hunter2-s3cret';
let dist: string;
let redis: TestRedisServer;
let start: SpawnedCli;
let url: string;

beforeAll(async () => {
  dist = await createTestDist('page');
  redis = await startRedisServer();
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  const store = `redis://:${PASSWORD}@127.0.0.1:${redis.port}`;
  start = await spawnCli('start.ts', ['--port', String(port), '--store', store, '--dist', dist], /Studio for module authors/);
}, 30_000);

/** The website token the start printed in its dock URL, in the fragment. */
const printedToken = () => decodeURIComponent(/\/dock#token=([^\s&]+)/.exec(start.output())?.[1] ?? '');
/** The overlay addresses a start printed, one per kind. */
const printedOverlays = (output: string) => [...output.matchAll(/^ {2}(\w+) +\S+\/\?overlay=(\S+)$/gm)].map(([, kind, id]) => [kind, decodeURIComponent(id!)]);
afterAll(async () => {
  await start?.stop();
  await redis?.dispose();
  await rm(dist, { recursive: true, force: true });
});

describe('npm start', () => {
  it('prints the store URL with its password redacted', () => {
    expect(start.output()).toContain(`store redis://:***@127.0.0.1:${redis.port}`);
    expect(start.output()).not.toContain(PASSWORD);
  });

  it('makes a random website token for its data, prints it once in the dock URL\'s fragment; the public demo token opens nothing', async () => {
    const token = printedToken();
    expect(token).toMatch(/^site-[\w-]{32}$/);
    expect(start.output()).not.toContain('/dock?token=');
    expect(start.output()).not.toContain(DEMO_TOKENS.website);
    expect((await fetch(`${url}/api/me`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
    expect((await fetch(`${url}/api/me`, { headers: { Authorization: `Bearer ${DEMO_TOKENS.website}` } })).status).toBe(401);
    expect((await fetch(`${url}/api/me`, { headers: { Authorization: `Bearer ${token}`, Origin: 'null' } })).status).toBe(403);
    // Kept with the data: the next start on the same Redis uses it and does not print it again.
    const port = await freePort();
    const again = await spawnCli('start.ts', ['--port', String(port), '--store', `redis://:${PASSWORD}@127.0.0.1:${redis.port}`, '--dist', dist], /Studio for module authors/);
    try {
      expect(again.output()).not.toContain(token);
      expect(again.output()).toContain(`kept in Redis key ${WEBSITE_TOKEN_KEY}`);
      // The streamer's profile is in the store: the same overlay addresses.
      expect(printedOverlays(again.output())).toEqual(printedOverlays(start.output()));
      expect((await fetch(`http://127.0.0.1:${port}/api/me`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
    } finally {
      await again.stop();
    }
  });

  it("makes the streamer's own profile: the demo's modules with fresh overlay ids and Stream Deck token, the home page's address", async () => {
    const token = printedToken();
    expect(start.output()).toContain(`${url}/home#token=${encodeURIComponent(token)}`);
    const overlays = printedOverlays(start.output());
    expect(overlays.map(([kind]) => kind)).toEqual(['game', 'tool', 'background', 'event']);
    const profile = (await (await fetch(`${url}/api/me`, { headers: { Authorization: `Bearer ${token}` } })).json()) as typeof DEMO_PROFILE;
    expect(Object.entries(profile.overlays)).toEqual(overlays);
    expect(profile.selected).toEqual(DEMO_PROFILE.selected);
    for (const [, id] of overlays) expect(id!.length).toBeGreaterThanOrEqual(32);
    expect(Object.values(profile.overlays)).not.toContain(DEMO_OVERLAY_IDS.tool);
    expect(profile.streamdeck.token).not.toBe(DEMO_PROFILE.streamdeck.token);
    // No Twitch user until the streamer connects one: the demo's would sign in to this account.
    expect(profile.twitch.user).toEqual({ ...DEMO_PROFILE.twitch.user, id: '' });
    // From a page of another origin: its failed exchanges count apart from the budget the last test spends.
    const headers = { 'Content-Type': 'application/json', Origin: 'https://page.example' };
    const exchange = (overlay: string) => fetch(`${url}/api/auth/overlay`, { method: 'POST', headers, body: JSON.stringify({ overlay }) });
    expect((await exchange(profile.overlays.tool)).status).toBe(201);
    expect((await exchange(DEMO_OVERLAY_IDS.tool)).status).toBe(404);
    expect((await fetch(`${url}/api/me`, { headers: { Authorization: `Bearer ${DEMO_TOKENS.tool}` } })).status).toBe(401);
  });

  it('serves no developer routes: a page of any origin finds nothing to call', async () => {
    const put = await fetch(`${url}/api/dev/profile`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${printedToken()}`, 'Content-Type': 'application/json', Origin: 'https://evil.example' },
      body: '{}',
    });
    expect(put.status).toBe(404);
    const preflight = await fetch(`${url}/api/dev/profile`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'PUT' },
    });
    expect(preflight.status).toBe(404);
    expect((await fetch(`${url}/api/dev/database?kind=tool`, { headers: { Authorization: `Bearer ${DEMO_TOKENS.tool}` } })).status).toBe(404);
    expect((await fetch(`${url}/api/me`, { headers: { Authorization: `Bearer ${printedToken()}` } })).status).toBe(200);
  });

  it('rate limits wrong guesses of overlay ids at POST /api/auth/overlay', async () => {
    const guess = (overlay: string) =>
      fetch(`${url}/api/auth/overlay`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ overlay }) });
    for (let i = 0; i < 20; i++) expect((await guess(`guess-${i}`)).status).toBe(404);
    const refused = await guess('guess-20');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
