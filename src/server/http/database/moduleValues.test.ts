import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../api/index.ts';
import { createMemoryStore, type DataStore } from '../../store/index.ts';
import { startTestServer } from '../../testing/apiTestClient.ts';
import { useTestServer } from '../../testing/useTestServer.ts';
import { expectError } from '../../testing/expectError.ts';

const api = useTestServer();

const RAID = 'de.example.tool.raid';
const GOAL = 'de.example.tool.goal';
const values = (token: string | undefined, query: string) => api.request('GET', `/me/database/values${query}`, { token });

describe('GET /me/database/values', () => {
  it('answers every value of the module in the token’s space, whatever wrote it', async () => {
    await api.write('tool-1001', RAID, 'count', 3);
    await api.write('tool-1001', RAID, `${RAID}:a:b`, { nested: [null, 'ü'] });
    await api.write('tool-1001', GOAL, `${RAID}:from-goal`, true);
    await api.write('tool-1001', GOAL, 'own', 'goal');
    await api.write('tool-1001', `${RAID}-2`, 'prefix', 'other module');
    const answer = await values('tool-1001', `?id=${RAID}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.body).toEqual({ id: RAID, values: { 'a:b': { nested: [null, 'ü'] }, count: 3, 'from-goal': true } });
  });

  it('answers {} for a module with no values', async () => {
    expect((await values('tool-1001', '?id=never.written')).body).toEqual({ id: 'never.written', values: {} });
  });

  it('keeps kinds and users apart', async () => {
    await api.write('game-1001', RAID, 'kind', 'game');
    await api.write('tool-1002', RAID, 'user', 'bob');
    expect((await values('game-1001', `?id=${RAID}`)).body).toEqual({ id: RAID, values: { kind: 'game' } });
    expect((await values('tool-1002', `?id=${RAID}`)).body).toEqual({ id: RAID, values: { user: 'bob' } });
    expect((await values('event-1001', `?id=${RAID}`)).body).toEqual({ id: RAID, values: {} });
  });

  it('places stored values byte for byte and keeps names such as __proto__ as plain members', async () => {
    await api.write('background-1001', GOAL, '__proto__', { polluted: true });
    await api.write('background-1001', GOAL, 'float', 5e-324);
    const answer = await values('background-1001', `?id=${GOAL}`);
    const inner = answer.body as { values: Record<string, unknown> };
    expect(Object.keys(inner.values).sort()).toEqual(['__proto__', 'float']);
    expect(Object.hasOwn(inner.values, '__proto__')).toBe(true);
    expect(inner.values.float).toBe(5e-324);
  });

  it('agrees with reading each key on its own', async () => {
    const names = Array.from({ length: 30 }, (_, i) => `key-${i}`);
    await Promise.all(names.map((name, i) => api.write('event-1002', GOAL, name, { i })));
    const all = (await values('event-1002', `?id=${GOAL}`)).body as { values: Record<string, unknown> };
    for (const name of names) expect((await api.read('event-1002', GOAL, name)).body).toEqual({ id: GOAL, key: name, value: all.values[name] });
  });
});

describe('GET /me/database/values: errors in the documented order', () => {
  it('401 without a token or with an unknown one, before the id is looked at', async () => {
    expectError(await values(undefined, '?id=bad%20id'), 401, AUTH_MESSAGES.missing);
    expectError(await values('nope', ''), 401, AUTH_MESSAGES.invalid);
  });

  it('403 for a website token, before the id is looked at', async () => {
    expectError(await values('site-1001', '?id=bad%20id'), 403);
    expectError(await values('site-1001', `?id=${RAID}`), 403);
  });

  it('400 naming id when it is missing, repeated or not a module id', async () => {
    expectError(await values('tool-1001', ''), 400, 'id is required as a query parameter');
    expectError(await values('tool-1001', `?key=count`), 400, 'id is required as a query parameter');
    expectError(await values('tool-1001', `?id=${RAID}&id=${GOAL}`), 400, 'id must be given once, got 2 times');
    for (const id of ['', 'bad%20id', 'a:b', 'x'.repeat(129)]) expectError(await values('tool-1001', `?id=${id}`), 400, /^id must be a module id/);
  });

  it('405 with Allow for other methods; GET /me/database without key stays a 400', async () => {
    for (const method of ['PATCH', 'POST', 'PUT', 'DELETE']) {
      const answer = await api.request(method, `/me/database/values?id=${RAID}`, { token: 'tool-1001', body: {} });
      expectError(answer, 405, new RegExp(method));
      expect(answer.headers.get('allow')).toBe('GET, OPTIONS');
    }
    expectError(await api.request('GET', `/me/database?id=${RAID}`, { token: 'tool-1001' }), 400, 'key is required as a query parameter');
    expectError(await api.request('GET', '/me/database/values/', { token: 'tool-1001' }), 404);
  });

  it('is listed on the API root as an overlay-token endpoint', async () => {
    const root = await api.request('GET', '/', { headers: { Accept: 'application/json' } });
    expect((root.body as { endpoints: unknown[] }).endpoints).toContainEqual({ method: 'GET', path: '/me/database/values', token: 'overlay' });
  });
});

describe('a store of your own without listModule', () => {
  it('is served from list, filtered to the module', async () => {
    const inner = createMemoryStore();
    const store: DataStore = { get: (a) => inner.get(a), set: (a, j) => inner.set(a, j), list: (u, k) => inner.list(u, k), close: () => inner.close() };
    const custom = await startTestServer({ store });
    try {
      await custom.write('tool-1001', RAID, 'n', 1);
      await custom.write('tool-1001', GOAL, 'n', 2);
      expect((await custom.request('GET', `/me/database/values?id=${RAID}`, { token: 'tool-1001' })).body).toEqual({ id: RAID, values: { n: 1 } });
    } finally {
      await custom.server.close();
      await inner.close();
    }
  });
});
