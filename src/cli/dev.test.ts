import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PROFILE, DEMO_TOKENS } from '../server/index.ts';
import { startRedisServer, type TestRedisServer } from '../server/testing/redisServer.ts';
import { freePort, type SpawnedCli, spawnCli } from './testing/spawnCli.ts';

const PASSWORD = 'hunter2-s3cret';
let redis: TestRedisServer;
let dev: SpawnedCli;
let url: string;

beforeAll(async () => {
  redis = await startRedisServer();
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  const store = `redis://:${PASSWORD}@127.0.0.1:${redis.port}`;
  dev = await spawnCli('dev.ts', ['--port', String(port), '--no-open', '--store', store], /Studio: /);
}, 60_000);
afterAll(async () => {
  await dev?.stop();
  await redis?.dispose();
});

const putProfile = (origin: string | undefined, title: string) =>
  fetch(`${url}/api/dev/profile`, {
    method: 'PUT',
    headers: {
      Authorization: `Bearer ${DEMO_TOKENS.website}`,
      'Content-Type': 'application/json',
      ...(origin ? { Origin: origin } : {}),
    },
    body: JSON.stringify({ ...DEMO_PROFILE, twitch: { ...DEMO_PROFILE.twitch, stream: { ...DEMO_PROFILE.twitch.stream, title } } }),
  });

const title = async () =>
  ((await (await fetch(`${url}/api/me`, { headers: { Authorization: `Bearer ${DEMO_TOKENS.website}` } })).json()) as typeof DEMO_PROFILE)
    .twitch.stream.title;

describe('npm run dev', () => {
  it('prints the store URL with its password redacted', () => {
    expect(dev.output()).toContain(`store redis://:***@127.0.0.1:${redis.port}`);
    expect(dev.output()).not.toContain(PASSWORD);
  });

  it('refuses the developer routes to a page of another origin, preflight included', async () => {
    const refused = await putProfile('https://evil.example', 'pwned');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ code: 403, message: expect.stringContaining('own origin only') });
    expect(await title()).toBe(DEMO_PROFILE.twitch.stream.title);
    const preflight = await fetch(`${url}/api/dev/profile`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'PUT' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).not.toBe('https://evil.example');
  });

  it("serves them to the studio on the dev server's own origin", async () => {
    const preflight = await fetch(`${url}/api/dev/profile`, {
      method: 'OPTIONS',
      headers: { Origin: url, 'Access-Control-Request-Method': 'PUT' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(url);
    expect((await putProfile(url, 'Studio title')).status).toBe(200);
    expect(await title()).toBe('Studio title');
  });
});
