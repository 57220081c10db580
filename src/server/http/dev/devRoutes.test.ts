import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, type Profile } from '../../../api/index.ts';
import { startTestServer } from '../../testing/apiTestClient.ts';
import { expectError } from '../../testing/expectError.ts';
import { TEST_SEED } from '../../testing/testSeed.ts';
import { createApiApp } from '../createApiApp.ts';

const STUDIO = 'http://studio.example';
type Api = Awaited<ReturnType<typeof startTestServer>>;
let dev: Api;
let plain: Api;
beforeAll(async () => {
  dev = await startTestServer({
    limits: { maxBodyBytes: 20_000 },
    wrap: (app) => createApiApp({ ...app, devRoutes: true, devOrigins: [STUDIO] }),
  });
  plain = await startTestServer();
});
afterAll(() => Promise.all([dev.server.close(), plain.server.close()]));

const profileOf = (userId: string): Profile => structuredClone(TEST_SEED.users.find((u) => u.profile.user.userId === userId)!.profile);
const put = (token: string | undefined, body: unknown, contentType = 'application/json') =>
  dev.request('PUT', '/dev/profile', { token, body, headers: { 'Content-Type': contentType } });

describe('GET /dev/database', () => {
  it('lists every value of the overlay token user and kind, values as JSON', async () => {
    await dev.write('tool-1001', 'demo.a', 'count', 3);
    await dev.write('tool-1001', 'demo.b', 'list', [1, { x: null }]);
    await dev.write('game-1001', 'demo.a', 'count', 99);
    await dev.write('tool-1002', 'demo.a', 'count', 7);
    const answer = await dev.request('GET', '/dev/database', { token: 'tool-1001' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.body).toEqual({
      entries: [
        { moduleId: 'demo.a', name: 'count', value: 3 },
        { moduleId: 'demo.b', name: 'list', value: [1, { x: null }] },
      ],
    });
  });

  it('takes the kind from ?kind= with a website token, and needs it', async () => {
    const answer = await dev.request('GET', '/dev/database?kind=game', { token: 'site-1001' });
    expect(answer.body).toEqual({ entries: [{ moduleId: 'demo.a', name: 'count', value: 99 }] });
    expectError(await dev.request('GET', '/dev/database', { token: 'site-1001' }), 400, /kind is required/);
    expectError(await dev.request('GET', '/dev/database?kind=widget', { token: 'site-1001' }), 400, /kind must be one of/);
  });

  it('keeps an overlay token to its own kind', async () => {
    expect((await dev.request('GET', '/dev/database?kind=tool', { token: 'tool-1001' })).status).toBe(200);
    expectError(await dev.request('GET', '/dev/database?kind=game', { token: 'tool-1001' }), 403);
  });

  it('needs a valid token, with the API messages', async () => {
    expectError(await dev.request('GET', '/dev/database'), 401, AUTH_MESSAGES.missing);
    expectError(await dev.request('GET', '/dev/database', { token: 'nope' }), 401, AUTH_MESSAGES.invalid);
  });
});

describe('PUT /dev/profile', () => {
  it('replaces the profile, keeps extra members and the seeded overlay ids, and GET /dev/profile and GET /me show it', async () => {
    const profile = profileOf('1002');
    profile.twitch.stream.title = 'Studio title';
    profile.overlays.tool = 'hijacked';
    const answer = await put('site-1002', { ...profile, studioNote: 'kept' });
    expect(answer.status).toBe(200);
    const expected = { ...profile, studioNote: 'kept', overlays: profileOf('1002').overlays };
    expect(answer.body).toEqual(expected);
    expect((await dev.request('GET', '/dev/profile', { token: 'tool-1002' })).body).toEqual(expected);
    expect((await dev.request('GET', '/me', { token: 'site-1002' })).body).toEqual(expected);
  });

  it('refuses an invalid profile naming the field, and another user id', async () => {
    const profile = profileOf('1002');
    (profile.twitch.stream as { viewer: unknown }).viewer = 'many';
    expectError(await put('tool-1002', profile), 400, /twitch\.stream\.viewer/);
    expectError(await put('tool-1002', profileOf('1001')), 400, /user\.userId must stay "1002"/);
    expectError(await put('tool-1002', [1]), 400);
    const reserved = profileOf('1002');
    reserved.selected.tools = ['constructor'];
    expectError(await put('tool-1002', reserved), 400, /selected\.tools\.0: is reserved: __proto__, constructor and prototype/);
  });

  it('checks in the API order: 405, 401, 415, 413, 400', async () => {
    const big = JSON.stringify({ pad: 'x'.repeat(30_000) });
    const wrongMethod = await dev.request('POST', '/dev/profile', { body: big, headers: { 'Content-Type': 'text/plain' } });
    expectError(wrongMethod, 405);
    expect(wrongMethod.headers.get('allow')).toBe('GET, PUT, OPTIONS');
    expectError(await put(undefined, big, 'text/plain'), 401, AUTH_MESSAGES.missing);
    expectError(await put('nope', big, 'text/plain'), 401, AUTH_MESSAGES.invalid);
    expectError(await put('tool-1001', big, 'text/plain'), 415);
    expectError(await put('tool-1001', big), 413);
    expectError(await put('tool-1001', '{not json'), 400);
  });

  it("answers the preflight allowing PUT, for the dev server's own origin only", async () => {
    const response = await fetch(`${dev.server.url}/dev/profile`, {
      method: 'OPTIONS',
      headers: { Origin: STUDIO, 'Access-Control-Request-Method': 'PUT' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(STUDIO);
    expect(response.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(response.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type');
    for (const origin of ['https://evil.example', 'null', `${STUDIO}:8080`]) {
      const refused = await dev.request('OPTIONS', '/dev/profile', { headers: { Origin: origin, 'Access-Control-Request-Method': 'PUT' } });
      expectError(refused, 403, /own origin only/);
    }
  });
});

describe('a page of another origin', () => {
  it('can neither rewrite the profile nor list the database, even with a valid token', async () => {
    const before = (await dev.request('GET', '/me', { token: 'site-1001' })).body;
    const hijack = { ...profileOf('1001'), twitch: { ...profileOf('1001').twitch, stream: { ...profileOf('1001').twitch.stream, title: 'pwned' } } };
    for (const origin of ['https://evil.example', 'null']) {
      expectError(await dev.request('PUT', '/dev/profile', { token: 'site-1001', body: hijack, headers: { Origin: origin } }), 403);
      expectError(await dev.request('GET', '/dev/database', { token: 'tool-1001', headers: { Origin: origin } }), 403);
    }
    expect((await dev.request('GET', '/me', { token: 'site-1001' })).body).toEqual(before);
    expect((await dev.request('GET', '/dev/database', { token: 'tool-1001', headers: { Origin: STUDIO } })).status).toBe(200);
  });
});

describe('without devRoutes (npm run api)', () => {
  it('answers 404 for the developer routes, as for any unknown path', async () => {
    expectError(await plain.request('GET', '/dev/database', { token: 'tool-1001' }), 404);
    expectError(await plain.request('PUT', '/dev/profile', { token: 'tool-1001', body: profileOf('1001') }), 404);
    expectError(await plain.request('OPTIONS', '/dev/profile'), 404);
  });

  it('leaves the other routes of a dev server as they are', async () => {
    expectError(await dev.request('GET', '/dev/nope', { token: 'tool-1001' }), 404);
    expectError(await dev.request('PUT', '/me', { token: 'tool-1001' }), 405);
  });
});
