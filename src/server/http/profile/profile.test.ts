import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LayoutSchema, type Profile } from '../../../api/index.ts';
import { startTestServer } from '../../testing/apiTestClient.ts';
import { expectError } from '../../testing/expectError.ts';
import { TEST_SEED } from '../../testing/testSeed.ts';

type Api = Awaited<ReturnType<typeof startTestServer>>;
let api: Api;
let catalogApi: Api;
const dir = mkdtempSync(join(tmpdir(), 'overlay-modules-'));
const site = 'site-1001';
const selection = { game: 'demo.game.trivia', tools: ['demo.tool.goal', 'demo.tool.counter'], background: '', event: 'demo.event.alerts' };
const favs = { games: [], tools: ['demo.tool.goal'], backgrounds: ['demo.background.aurora'], events: [] };

function installModule(id: string, kind: string): void {
  mkdirSync(join(dir, id), { recursive: true });
  writeFileSync(join(dir, id, 'module.json'), JSON.stringify({ name: id, description: 'x', kind, width: 100, height: 100, version: '1.0.0' }));
}

beforeAll(async () => {
  for (const [id, kind] of [
    ['demo.game.trivia', 'game'],
    ['demo.tool.goal', 'tool'],
    ['demo.tool.counter', 'tool'],
    ['demo.event.alerts', 'event'],
  ]) installModule(id!, kind!);
  api = await startTestServer();
  catalogApi = await startTestServer({ modules: dir });
});
afterAll(async () => {
  await api.server.close();
  await catalogApi.server.close();
  rmSync(dir, { recursive: true, force: true });
});

const profileOf = async (token = site) => (await api.request('GET', '/me', { token })).body as Profile;

describe('PUT /me/selected and /me/favs', () => {
  it('stores the whole object and answers the stored profile with its new ETag, which GET /me then sends', async () => {
    const before = await api.request('GET', '/me', { token: site });
    const etag = before.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(before.headers.get('access-control-expose-headers')).toContain('ETag');
    const answer = await api.request('PUT', '/me/selected', { token: site, body: selection, headers: { 'If-Match': etag } });
    expect(answer.status).toBe(200);
    expect((answer.body as Profile).selected).toEqual(selection);
    const after = await api.request('GET', '/me', { token: site });
    expect(after.body).toEqual(answer.body);
    expect((await api.request('GET', '/me', { token: 'tool-1001' })).body).toMatchObject({ selected: selection });
    expect(after.headers.get('etag')).toBe(answer.headers.get('etag'));
    expect(answer.headers.get('etag')).not.toBe(etag);
    const stored = await api.request('PUT', '/me/favs', { token: site, body: favs });
    expect((stored.body as Profile).favs).toEqual(favs);
    expect((stored.body as Profile).selected).toEqual(selection);
  });

  it('a stale If-Match gets 412 and changes nothing', async () => {
    const etag = (await api.request('GET', '/me', { token: site })).headers.get('etag')!;
    await api.request('PUT', '/me/favs', { token: site, body: { ...favs, events: ['demo.event.alerts'] } });
    const before = await profileOf();
    expectError(await api.request('PUT', '/me/selected', { token: site, body: { ...selection, game: '' }, headers: { 'If-Match': etag } }), 412);
    expectError(await api.request('PUT', '/me/favs', { token: site, body: favs, headers: { 'If-Match': 'W/"x"' } }), 412);
    expect(await profileOf()).toEqual(before);
  });

  it('refuses in the documented order: 401, 403, 415, 413, 400 naming the field; nothing stored', async () => {
    const before = await profileOf();
    const put = (token: string | undefined, body: unknown, headers: Record<string, string> = {}) => api.request('PUT', '/me/selected', { token, body, headers });
    expectError(await put(undefined, 'x', { 'Content-Type': 'text/plain' }), 401);
    expectError(await put('nope', 'x', { 'Content-Type': 'text/plain' }), 401);
    expectError(await put('tool-1001', 'x', { 'Content-Type': 'text/plain' }), 403, /website token/);
    expectError(await put('deck-1001', 'x', { 'Content-Type': 'text/plain' }), 403);
    expectError(await put(site, 'x', { 'Content-Type': 'text/plain', Origin: 'null' }), 403, /opaque origin/);
    expectError(await put(site, 'x', { 'Content-Type': 'text/plain' }), 415);
    expectError(await put(site, 'x'.repeat(2 * 1024 * 1024)), 413);
    expectError(await put(site, '{'), 400);
    expectError(await put(site, { ...selection, tools: ['a.b', 'a.b'] }), 400, /tools\[1\].*twice/);
    expectError(await put(site, { ...selection, tools: Array.from({ length: 33 }, (_, i) => `t.${i}`) }), 400, /tools.*at most 32/);
    expectError(await put(site, { ...selection, game: 'bad id!' }), 400, /game: must be a module id/);
    expectError(await put(site, { ...selection, event: 3 }), 400, /event/);
    expectError(await put(site, { game: '', tools: [], background: '' }), 400, /event: is required/);
    expectError(await put(site, { ...selection, extra: 1 }), 400, /"extra": is not a member/);
    expectError(await api.request('PUT', '/me/favs', { token: site, body: { ...favs, games: ['x', 'x'] } }), 400, /games\[1\]/);
    expect(await profileOf()).toEqual(before);
  });

  it('with --modules: an id not installed, or of another kind, is a 400 naming it', async () => {
    const put = (body: unknown) => catalogApi.request('PUT', '/me/selected', { token: site, body });
    expect((await put(selection)).status).toBe(200);
    expectError(await put({ ...selection, tools: ['demo.tool.gone'] }), 400, /tools\[0\]: "demo.tool.gone" is not an installed module/);
    expectError(await put({ ...selection, game: 'demo.tool.goal' }), 400, /game: "demo.tool.goal" is a tool module, not a game/);
    const favsPut = await catalogApi.request('PUT', '/me/favs', { token: site, body: { ...favs, tools: ['demo.game.trivia'] } });
    expectError(favsPut, 400, /tools\[0\]: "demo.game.trivia" is a game module/);
  });
});

describe('rotations', () => {
  it('POST /me/overlays/<kind>/rotate answers the new id; the old one gets 404 at POST /auth/overlay, its tokens 401', async () => {
    const old = TEST_SEED.users[1]!.profile.overlays.tool;
    const { token } = (await api.request('POST', '/auth/overlay', { body: { overlay: old } })).body as { token: string };
    const answer = await api.request('POST', '/me/overlays/tool/rotate', { token: 'site-1002' });
    expect(answer.status).toBe(200);
    const { overlay } = answer.body as { kind: string; overlay: string };
    expect(answer.body).toEqual({ kind: 'tool', overlay: expect.any(String) });
    expect(overlay.length).toBeGreaterThanOrEqual(22);
    expectError(await api.request('POST', '/auth/overlay', { body: { overlay: old } }), 404);
    expectError(await api.request('GET', '/me', { token }), 401);
    expect((await api.request('POST', '/auth/overlay', { body: { overlay } })).status).toBe(201);
    expect((await profileOf('site-1002')).overlays.tool).toBe(overlay);
    expectError(await api.request('POST', '/me/overlays/tool/rotate', { token: 'tool-1002' }), 403);
    expectError(await api.request('POST', '/me/overlays/nope/rotate', { token: 'site-1002' }), 404);
  });

  it('POST /me/streamdeck/rotate answers the new token; the old one gets 401 at once', async () => {
    const answer = await api.request('POST', '/me/streamdeck/rotate', { token: 'site-1002' });
    const { token } = answer.body as { token: string };
    expect(answer.status).toBe(200);
    expectError(await api.request('GET', '/auth/validate', { token: 'deck-1002' }), 401);
    expect((await api.request('GET', '/auth/validate', { token })).body).toMatchObject({ context: 'streamdeck', userId: '1002' });
    expectError(await api.request('POST', '/me/streamdeck/rotate', { token }), 403);
  });
});

describe('layouts', () => {
  const boxes = { 'demo.tool.goal': { x: -10, y: 900, width: 480, height: 120 }, 'not.selected': { x: 0, y: 0, width: 16, height: 7680 } };

  it('GET answers the stored boxes only, with an ETag; PUT replaces the whole layout and answers the new one', async () => {
    const empty = await api.request('GET', '/me/layout/tool', { token: 'tool-1002' });
    expect(empty.body).toEqual({ kind: 'tool', width: 1920, height: 1080, boxes: {} });
    const put = await api.request('PUT', '/me/layout/tool', { token: 'site-1002', body: { boxes }, headers: { 'If-Match': empty.headers.get('etag')! } });
    expect(put.status).toBe(200);
    expect(LayoutSchema.parse(put.body)).toEqual({ kind: 'tool', width: 1920, height: 1080, boxes });
    const read = await api.request('GET', '/me/layout/tool', { token: 'site-1002' });
    expect(read.body).toEqual(put.body);
    expect(read.headers.get('etag')).toBe(put.headers.get('etag'));
    expectError(await api.request('PUT', '/me/layout/tool', { token: 'site-1002', body: { boxes: {} }, headers: { 'If-Match': empty.headers.get('etag')! } }), 412);
    expect((await api.request('GET', '/me/layout/tool', { token: 'site-1002' })).body).toEqual(put.body);
    expectError(await api.request('GET', '/me/layout/game', { token: 'tool-1002' }), 403);
    expectError(await api.request('GET', '/me/layout/tool', { token: 'deck-1001' }), 403);
    expectError(await api.request('GET', '/me/layout/sideways', { token: 'site-1002' }), 404);
  });

  it('refuses a bad box with a 400 naming the module and the member; nothing stored', async () => {
    const put = (body: unknown, token = 'site-1001') => api.request('PUT', '/me/layout/event', { token, body });
    expectError(await put({ boxes }, 'event-1001'), 403);
    expectError(await put({ boxes: { 'a.b': { x: 0, y: 0, width: 15, height: 20 } } }), 400, /boxes\["a.b"\].width: must be an integer from 16 to 7680/);
    expectError(await put({ boxes: { 'a.b': { x: 7681, y: 0, width: 16, height: 20 } } }), 400, /boxes\["a.b"\].x/);
    expectError(await put({ boxes: { 'a.b': { x: 0.5, y: 0, width: 16, height: 20 } } }), 400, /boxes\["a.b"\].x/);
    expectError(await put({ boxes: { 'a.b': { x: 0, y: 0, width: 16 } } }), 400, /boxes\["a.b"\].height: is required/);
    expectError(await put({ boxes: { 'a b': { x: 0, y: 0, width: 16, height: 16 } } }), 400, /boxes\["a b"\]/);
    const many = Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`m.${i}`, { x: 0, y: 0, width: 16, height: 16 }]));
    expectError(await put({ boxes: many }), 400, /at most 64/);
    expectError(await put({ boxes: [] }), 400, /boxes/);
    expect((await api.request('GET', '/me/layout/event', { token: site })).body).toMatchObject({ boxes: {} });
  });
});

describe('reserved names are not module ids', () => {
  const box = { x: 0, y: 0, width: 16, height: 16 };

  it('a __proto__, constructor or prototype box is a 400 naming it, never a 200 that drops it', async () => {
    for (const reserved of ['__proto__', 'constructor', 'prototype']) {
      // Raw JSON text: an object literal's `__proto__` would set its prototype instead of a member.
      const body = `{"boxes":{"${reserved}":${JSON.stringify(box)},"a.b":${JSON.stringify(box)}}}`;
      expectError(await api.request('PUT', '/me/layout/tool', { token: site, body }), 400, new RegExp(`"${reserved}" is reserved`));
    }
    expect((await api.request('GET', '/me/layout/tool', { token: site })).body).toMatchObject({ boxes: {} });
  });

  it('selected and favs refuse them with a 400 naming the field; nothing stored', async () => {
    const before = await profileOf();
    const selected = (tools: string[]) => api.request('PUT', '/me/selected', { token: site, body: { ...selection, tools } });
    expectError(await selected(['demo.tool.goal', 'constructor']), 400, /tools\[1\]: "constructor" is reserved/);
    expectError(await selected(['__proto__']), 400, /tools\[0\]: "__proto__" is reserved/);
    expectError(await api.request('PUT', '/me/selected', { token: site, body: { ...selection, game: 'prototype' } }), 400, /game: "prototype" is reserved/);
    expectError(await api.request('PUT', '/me/favs', { token: site, body: { ...favs, events: ['__proto__'] } }), 400, /events\[0\]: "__proto__" is reserved/);
    expectError(await api.request('PUT', '/me/favs', { token: site, body: { ...favs, games: ['constructor'] } }), 400, /games\[0\]/);
    expect(await profileOf()).toEqual(before);
  });

  it('the database refuses them as an id and as the module part of a key', async () => {
    expectError(await api.write('tool-1001', '__proto__', 'k', 1), 400, /"__proto__" is reserved/);
    expectError(await api.write('tool-1001', 'a.b', 'constructor:k', 1), 400, /"constructor" is reserved/);
    expectError(await api.read('tool-1001', 'prototype', 'k'), 400, /"prototype" is reserved/);
    expectError(await api.request('GET', '/me/database/values?id=constructor', { token: 'tool-1001' }), 400, /"constructor" is reserved/);
  });
});

