import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../api/index.ts';
import { startTestServer } from '../../testing/apiTestClient.ts';
import { expectError } from '../../testing/expectError.ts';

type Api = Awaited<ReturnType<typeof startTestServer>>;
let api: Api;
let now = Date.parse('2025-06-01T12:00:00.000Z');
beforeAll(async () => {
  api = await startTestServer({ now: () => now, tokenTtlMs: 60_000 });
});
afterAll(() => api.server.close());

const ID = 'de.example.tool.raid';
const good = { id: ID, key: 'count', value: 1 };
const endpoints = [
  ['GET', '/me'],
  ['PATCH', '/me/database'],
  ['GET', `/me/database?id=${ID}&key=count`],
  ['GET', '/auth/validate'],
] as const;

describe('401: no Bearer token', () => {
  const headers = [undefined, 'Basic dXNlcjpwdw==', 'Bearer', 'Bearer    ', 'bearer', 'Bearertool-1001', 'tool-1001'];
  for (const [method, path] of endpoints) {
    it(`${method} ${path}`, async () => {
      for (const authorization of headers) {
        const answer = await api.request(method, path, {
          headers: authorization === undefined ? {} : { Authorization: authorization },
          body: method === 'PATCH' ? good : undefined,
        });
        expectError(answer, 401, AUTH_MESSAGES.missing);
      }
    });
  }
});

describe('401: unknown or expired token', () => {
  for (const [method, path] of endpoints) {
    it(`${method} ${path}`, async () => {
      for (const token of ['nope', 'tool-1001x', 'tool-1001 extra']) {
        const answer = await api.request(method, path, { token, body: method === 'PATCH' ? good : undefined });
        expectError(answer, 401, AUTH_MESSAGES.invalid);
      }
    });
  }

  it('matches the scheme case-insensitively', async () => {
    for (const scheme of ['bearer', 'BEARER', 'BeArEr']) {
      const answer = await api.request('GET', '/me', { headers: { Authorization: `${scheme} site-1001` } });
      expect(answer.status).toBe(200);
    }
  });

  it('refuses an exchanged token once it expired', async () => {
    const exchanged = await api.request('POST', '/auth/overlay', { body: { overlay: 'ov-tool-1001' } });
    const { token } = exchanged.body as { token: string };
    expect((await api.write(token, ID, 'expiring', 1)).status).toBe(200);
    now += 60_000;
    expectError(await api.write(token, ID, 'expiring', 2), 401, AUTH_MESSAGES.invalid);
    expectError(await api.request('GET', '/auth/validate', { token }), 401, AUTH_MESSAGES.invalid);
  });
});

describe('403: database with a non-overlay token', () => {
  it('refuses a website token for writing and reading, saying an overlay token is needed', async () => {
    expectError(await api.write('site-1001', ID, 'count', 1), 403, /overlay-generated token/);
    expectError(await api.read('site-1001', ID, 'count'), 403, /overlay-generated token/);
  });

  it('lets a website token read the profile and validate itself', async () => {
    expect((await api.request('GET', '/me', { token: 'site-1001' })).status).toBe(200);
    expect((await api.request('GET', '/auth/validate', { token: 'site-1001' })).status).toBe(200);
  });
});

describe('415: Content-Type of a PATCH and of POST /auth/overlay', () => {
  it('refuses anything but application/json', async () => {
    for (const type of ['text/plain', 'application/json-patch+json', 'application/jsonx', 'multipart/form-data', '']) {
      const answer = await api.request('PATCH', '/me/database', { token: 'tool-1001', body: good, headers: { 'Content-Type': type } });
      expectError(answer, 415, /application\/json/);
    }
    const exchange = await api.request('POST', '/auth/overlay', { body: { overlay: 'ov-tool-1001' }, headers: { 'Content-Type': 'text/plain' } });
    expectError(exchange, 415);
  });

  it('refuses a missing Content-Type', async () => {
    const response = await fetch(`${api.server.url}/me/database`, {
      method: 'PATCH',
      headers: { Authorization: 'Bearer tool-1001' },
      body: new Blob([JSON.stringify(good)]),
    });
    expect(response.status).toBe(415);
  });

  it('allows parameters and any case', async () => {
    for (const type of ['application/json; charset=utf-8', 'APPLICATION/JSON', 'application/json;charset=UTF-8 ']) {
      const answer = await api.request('PATCH', '/me/database', { token: 'tool-1001', body: good, headers: { 'Content-Type': type } });
      expect(answer.status).toBe(200);
    }
  });
});

describe('400: body and query validation, naming the field', () => {
  const cases: Array<[string, unknown, RegExp]> = [
    ['missing id', { key: 'k', value: 1 }, /^id /],
    ['id not a string', { id: 7, key: 'k', value: 1 }, /^id .*number/],
    ['invalid id', { id: 'has space', key: 'k', value: 1 }, /^id must be a module id/],
    ['id with a colon', { id: 'a:b', key: 'k', value: 1 }, /^id /],
    ['id of 129 characters', { id: 'a'.repeat(129), key: 'k', value: 1 }, /^id /],
    ['missing key', { id: ID, value: 1 }, /^key /],
    ['key not a string', { id: ID, key: ['k'], value: 1 }, /^key .*array/],
    ['empty key', { id: ID, key: '', value: 1 }, /^key /],
    ['bad module before the colon', { id: ID, key: 'not valid:name', value: 1 }, /^key: the part before ":"/],
    ['empty module before the colon', { id: ID, key: ':name', value: 1 }, /^key: the part before ":"/],
    ['empty name after the colon', { id: ID, key: 'other.mod:', value: 1 }, /^key: the name/],
    ['name of 257 characters', { id: ID, key: 'n'.repeat(257), value: 1 }, /^key: the name must be 1-256/],
    ['lone surrogate in the name', { id: ID, key: 'a\ud800', value: 1 }, /^key: the name must be well-formed/],
    ['value absent', { id: ID, key: 'k' }, /^value is required/],
    ['body an array', [good], /JSON object.*array/],
    ['body a string', 'not an object', /JSON object.*string/],
    ['body null', null, /JSON object.*null/],
    ['body a number', 42, /JSON object.*number/],
  ];
  for (const [name, body, message] of cases) {
    it(`PATCH: ${name}`, async () => {
      const text = typeof body === 'string' ? JSON.stringify(body) : body;
      expectError(await api.request('PATCH', '/me/database', { token: 'tool-1001', body: text }), 400, message);
    });
  }

  it('PATCH: invalid JSON, empty body, invalid UTF-8', async () => {
    const send = (body: string | Uint8Array) => api.request('PATCH', '/me/database', { token: 'tool-1001', body });
    expectError(await send('{"id": "x",'), 400, /^Invalid JSON body - /);
    expectError(await send('{id: 1}'), 400, /^Invalid JSON body - /);
    expectError(await send(''), 400, /^Invalid JSON body - the body is empty/);
    expectError(await send(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])), 400, /not valid UTF-8/);
  });

  it('GET: missing, repeated or invalid id and key', async () => {
    const get = (query: string) => api.request('GET', `/me/database?${query}`, { token: 'tool-1001' });
    expectError(await get('key=count'), 400, /^id is required/);
    expectError(await get(`id=${ID}`), 400, /^key is required/);
    expectError(await get(`id=${ID}&id=${ID}&key=count`), 400, /^id must be given once/);
    expectError(await get('id=bad%20id&key=count'), 400, /^id must be a module id/);
    expectError(await get(`id=${ID}&key=`), 400, /^key /);
    expectError(await get(`id=${ID}&key=bad%20mod:x`), 400, /^key: the part before ":"/);
  });

  it('POST /auth/overlay: overlay missing or not a string', async () => {
    for (const body of [{}, { overlay: '' }, { overlay: 12 }, ['ov-tool-1001']]) {
      expectError(await api.request('POST', '/auth/overlay', { body }), 400, /overlay/);
    }
  });
});

describe('404', () => {
  it('names the key never set, as sent', async () => {
    expectError(await api.read('tool-1001', ID, 'never'), 404, 'Not found - key "never" has never been set');
    expectError(await api.read('tool-1001', ID, 'other.mod:never'), 404, /"other\.mod:never"/);
  });

  it('answers unknown paths, whatever the method and token', async () => {
    for (const path of ['/index.html', '/me/', '/ME', '/me/database/x', '/api/me', '/me%2Fdatabase', '/auth', '/favicon.ico']) {
      for (const method of ['GET', 'PATCH', 'POST', 'OPTIONS', 'DELETE']) {
        expectError(await api.request(method, path), 404);
      }
    }
  });

  it('answers an unknown overlay id', async () => {
    expectError(await api.request('POST', '/auth/overlay', { body: { overlay: 'no-such-overlay' } }), 404, /unknown overlay id/);
  });
});

describe('405 with Allow', () => {
  const cases = [
    ['POST', '/me/database', 'PATCH, GET, OPTIONS'],
    ['PUT', '/me/database', 'PATCH, GET, OPTIONS'],
    ['DELETE', '/me/database', 'PATCH, GET, OPTIONS'],
    ['PATCH', '/me', 'GET, OPTIONS'],
    ['POST', '/me', 'GET, OPTIONS'],
    ['GET', '/auth/overlay', 'POST, OPTIONS'],
    ['PATCH', '/auth/validate', 'GET, OPTIONS'],
  ] as const;
  for (const [method, path, allow] of cases) {
    it(`${method} ${path}`, async () => {
      const answer = await api.request(method, path, { token: 'tool-1001', body: method === 'GET' ? undefined : good });
      expectError(answer, 405, new RegExp(`${method}`));
      expect(answer.headers.get('allow')).toBe(allow);
    });
  }

  it('does not serve HEAD', async () => {
    const response = await fetch(`${api.server.url}/me`, { method: 'HEAD', headers: { Authorization: 'Bearer site-1001' } });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, OPTIONS');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });
});
