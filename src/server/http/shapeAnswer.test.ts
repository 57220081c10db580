import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../api/index.ts';
import { type RunningApiServer, startApiServer } from '../startApiServer.ts';
import { composeTestApi } from '../testing/composeTestApi.ts';
import { TEST_SEED } from '../testing/testSeed.ts';
import { createApiApp } from './createApiApp.ts';
import { API_VERSION, envelopeAnswers } from './shapeAnswer.ts';

const NOW = Date.UTC(2026, 10, 23, 19, 30, 5, 123);
const META = (path: string) => ({ requestTime: '2026-11-23T19:30:05.123Z', path, apiVersion: API_VERSION });

let wrapped: RunningApiServer;
let bare: RunningApiServer;
beforeAll(async () => {
  wrapped = await startApiServer({ seed: TEST_SEED, store: 'memory', envelope: { now: () => NOW } });
  bare = await startApiServer({ seed: TEST_SEED, store: 'memory' });
});
afterAll(() => Promise.all([wrapped.close(), bare.close()]));

async function both(method: string, path: string, init: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const call = async (server: RunningApiServer) => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers.Authorization = `Bearer ${init.token}`;
    if (init.body !== undefined) headers['Content-Type'] ??= 'application/json';
    const response = await fetch(server.url + path, { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
    const text = await response.text();
    const seen: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (name !== 'date' && name !== 'content-length') seen[name] = value;
    });
    return { status: response.status, headers: seen, body: text === '' ? undefined : JSON.parse(text) };
  };
  return { wrapped: await call(wrapped), bare: await call(bare) };
}

describe('the envelope (--envelope)', () => {
  it('wraps each success as {meta, data} around the bare body, with the same status and headers', async () => {
    const cases = [
      ['PATCH', '/me/database', { token: 'tool-1001', body: { id: 'a.b', key: 'k', value: { n: [1, null] } } }],
      ['GET', '/me/database?id=a.b&key=k', { token: 'tool-1001' }],
      ['GET', '/me', { token: 'site-1001' }],
      ['GET', '/auth/validate', { token: 'game-1002' }],
    ] as const;
    for (const [method, path, init] of cases) {
      const seen = await both(method, path, init);
      expect(seen.wrapped.status, path).toBe(seen.bare.status);
      expect(seen.wrapped.headers, path).toEqual(seen.bare.headers);
      expect(seen.wrapped.body, path).toEqual({ meta: META(path.split('?')[0]!), data: seen.bare.body });
    }
    const exchanged = await both('POST', '/auth/overlay', { body: { overlay: 'ov-tool-1001' } });
    expect(exchanged.wrapped.status).toBe(201);
    expect(exchanged.wrapped.body).toEqual({ meta: META('/auth/overlay'), data: { token: expect.any(String), overlay: 'tool', expiresAt: expect.any(String) } });
  });

  it('wraps each failure as {meta, error: {code, message}}, the 401 texts unchanged, never data beside it', async () => {
    const cases = [
      ['GET', '/me', {}, 401, AUTH_MESSAGES.missing],
      ['GET', '/me', { token: 'forged' }, 401, AUTH_MESSAGES.invalid],
      ['GET', '/me/database?id=a.b&key=none', { token: 'site-1001' }, 403, undefined],
      ['GET', '/me/database?id=a.b&key=none', { token: 'tool-1001' }, 404, undefined],
      ['DELETE', '/me', { token: 'site-1001' }, 405, undefined],
      ['GET', '/nowhere', {}, 404, undefined],
    ] as const;
    for (const [method, path, init, status, message] of cases) {
      const seen = await both(method, path, init);
      expect(seen.wrapped.status, path).toBe(status);
      expect(seen.wrapped.headers, path).toEqual(seen.bare.headers);
      expect(seen.wrapped.body, path).toEqual({ meta: META(path.split('?')[0]!), error: seen.bare.body });
      if (message) expect(seen.wrapped.body.error).toEqual({ code: 401, message });
    }
  });

  it('leaves bodiless answers (the preflight) alone', async () => {
    const seen = await both('OPTIONS', '/me/database', { headers: { Origin: 'https://x.example', 'Access-Control-Request-Method': 'PATCH' } });
    expect(seen.wrapped).toEqual(seen.bare);
    expect(seen.wrapped.status).toBe(204);
  });

  it('applies to the app alone too (npm start and npm run dev mount it), and stamps the time of the answer', async () => {
    let now = NOW;
    const api = await composeTestApi();
    try {
      const app = createApiApp({ ...api.services, envelope: { now: () => now } });
      now += 1000;
      const answer = await app.request('/me', { headers: { Authorization: 'Bearer site-1001' } });
      expect(((await answer.json()) as { meta: unknown }).meta).toEqual({ ...META('/me'), requestTime: '2026-11-23T19:30:06.123Z' });
    } finally {
      await api.close();
    }
  });

  it('builds the text around the JSON it is given, keeping a stored value byte for byte', () => {
    const shape = envelopeAnswers({ now: () => NOW });
    const answer = shape({ status: 200, headers: { A: 'b' }, body: '{"id":"a.b","key":"k","value":1.50}' }, '/me/database');
    expect(answer.body).toBe(`{"meta":${JSON.stringify(META('/me/database'))},"data":{"id":"a.b","key":"k","value":1.50}}`);
    expect(answer.headers).toEqual({ A: 'b' });
  });
});
