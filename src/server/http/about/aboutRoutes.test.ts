import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPageApp } from '../../../cli/index.ts';
import { SERVER_VERSION } from '../../serverInfo.ts';
import { type DataStore, StoreUnavailableError } from '../../store/index.ts';
import { startTestServer } from '../../testing/apiTestClient.ts';
import { composeTestApi } from '../../testing/composeTestApi.ts';
import { expectError } from '../../testing/expectError.ts';
import { checkHealth } from './aboutRoutes.ts';
import { createApiApp } from '../createApiApp.ts';

const dir = mkdtempSync(join(tmpdir(), 'overlay-about-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ENDPOINTS = [
  { method: 'GET', path: '/me', token: 'user' },
  { method: 'PATCH', path: '/me/database', token: 'overlay' },
  { method: 'GET', path: '/me/database', token: 'overlay' },
  { method: 'GET', path: '/me/database/values', token: 'overlay' },
  { method: 'GET', path: '/auth/validate', token: 'any' },
  { method: 'POST', path: '/auth/overlay', token: 'none' },
  { method: 'POST', path: '/me/events', token: 'any' },
  { method: 'GET', path: '/me/events', token: 'user' },
  { method: 'GET', path: '/me/live/events', token: 'user' },
  { method: 'POST', path: '/me/events/<id>/replay', token: 'user' },
  { method: 'PUT', path: '/me/selected', token: 'website' },
  { method: 'PUT', path: '/me/favs', token: 'website' },
  { method: 'POST', path: '/me/overlays/<kind>/rotate', token: 'website' },
  { method: 'POST', path: '/me/streamdeck/rotate', token: 'website' },
  { method: 'GET', path: '/me/layout/<kind>', token: 'user' },
  { method: 'PUT', path: '/me/layout/<kind>', token: 'website' },
  { method: 'GET', path: '/me/alerts', token: 'any' },
  { method: 'POST', path: '/me/alerts/pause', token: 'any' },
  { method: 'POST', path: '/me/alerts/resume', token: 'any' },
  { method: 'POST', path: '/me/alerts/toggle-pause', token: 'any' },
  { method: 'POST', path: '/me/alerts/mute', token: 'any' },
  { method: 'POST', path: '/me/alerts/unmute', token: 'any' },
  { method: 'POST', path: '/me/alerts/toggle-mute', token: 'any' },
  { method: 'POST', path: '/me/alerts/skip', token: 'any' },
  { method: 'POST', path: '/me/alerts/clear', token: 'any' },
  { method: 'POST', path: '/me/alerts/report', token: 'overlay' },
  { method: 'POST', path: '/me/media', token: 'website' },
  { method: 'GET', path: '/me/media', token: 'user' },
  { method: 'DELETE', path: '/me/media/<id>', token: 'website' },
  { method: 'GET', path: '/media/<id>', token: 'none' },
  { method: 'GET', path: '/me/database/changes', token: 'overlay' },
  { method: 'GET', path: '/me/twitch', token: 'user' },
  { method: 'DELETE', path: '/me/twitch', token: 'website' },
  { method: 'POST', path: '/me/twitch/login', token: 'website' },
  { method: 'POST', path: '/auth/logout', token: 'website' },
  { method: 'GET', path: '/me/sessions', token: 'website' },
  { method: 'DELETE', path: '/me/sessions/<id>', token: 'website' },
  { method: 'GET', path: '/healthz', token: 'none' },
];

function brokenStore(error: () => Error): DataStore {
  const fail = async () => Promise.reject(error());
  return { kind: 'redis', get: fail, set: fail, list: fail, close: async () => {} };
}

describe('GET / (the API root)', () => {
  it('answers JSON with name, version, endpoints, store kind and docs, without a token', async () => {
    const secret = join(dir, 'secret-folder', 'data.sqlite');
    const api = await startTestServer({ store: `sqlite:${secret}` });
    try {
      const answer = await api.request('GET', '/');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
      expect(answer.body).toEqual({
        name: 'overlay-runtime reference API',
        version: SERVER_VERSION,
        store: 'sqlite',
        endpoints: ENDPOINTS,
        docs: expect.arrayContaining(['docs/server.md']),
      });
      expect(JSON.stringify(answer.body)).not.toContain('secret-folder');
    } finally {
      await api.server.close();
    }
  });

  it('gives a browser a small readable page, and JSON to a client that prefers it', async () => {
    const api = await startTestServer();
    try {
      const page = await api.request('GET', '/', { headers: { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.headers.get('vary')).toBe('Accept');
      expect(page.body).toMatch(/<h1>overlay-runtime reference API \d+\.\d+\.\d+<\/h1>/);
      expect(page.body).toContain('<td>PATCH</td><td><code>/me/database</code></td><td>overlay token</td>');
      expect(page.body).toContain('Store: memory');
      expect((await api.request('GET', '/', { headers: { Accept: 'application/json, text/html' } })).body).toMatchObject({ store: 'memory' });
      expectError(await api.request('POST', '/'), 405);
    } finally {
      await api.server.close();
    }
  });

  it('answers under /api/ and /api of npm start, whose own root is the overlay page', async () => {
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Overlay</title>');
    const api = await composeTestApi();
    try {
      const app = createPageApp({ distDir: dir, api: createApiApp(api.services) });
      for (const path of ['/api/', '/api']) {
        const answer = await app.request(`http://127.0.0.1${path}`);
        expect(answer.status, path).toBe(200);
        expect(await answer.json(), path).toMatchObject({ name: 'overlay-runtime reference API', endpoints: ENDPOINTS });
      }
      expect(await (await app.request('http://127.0.0.1/')).text()).toContain('<title>Overlay</title>');
    } finally {
      await api.close();
    }
  });
});

describe('GET /healthz', () => {
  it('answers 200 without a token while the store answers', async () => {
    const api = await startTestServer();
    try {
      const answer = await api.request('GET', '/healthz');
      expect({ status: answer.status, body: answer.body }).toEqual({ status: 200, body: { status: 'ok', store: 'memory' } });
      expect(answer.headers.get('cache-control')).toBe('no-store');
    } finally {
      await api.server.close();
    }
  });

  it('answers 503 {code, message} with Retry-After when the store fails, and the root still answers', async () => {
    for (const error of [() => new StoreUnavailableError('redis down'), () => new Error('disk gone')]) {
      const api = await startTestServer({ store: brokenStore(error), onInternalError: () => {} });
      try {
        const answer = await api.request('GET', '/healthz');
        expectError(answer, 503, 'Service unavailable - the data store does not answer');
        expect(answer.headers.get('retry-after')).toBe('1');
        expect((await api.request('GET', '/')).body).toMatchObject({ store: 'redis' });
      } finally {
        await api.server.close();
      }
    }
  });

  it('answers 503 when the store does not answer in time, and 503 once it is closed', async () => {
    const hanging: DataStore = { get: () => new Promise(() => {}), set: async () => {}, list: async () => [], close: async () => {} };
    const answer = await checkHealth({ store: hanging, endpoints: [], healthTimeoutMs: 30 })();
    expect(answer.status).toBe(503);
    const api = await startTestServer();
    await api.server.store.close();
    try {
      expect((await api.request('GET', '/healthz')).status).toBe(503);
    } finally {
      await api.server.close();
    }
  });

  it('keeps its own shape with the envelope: a load balancer reads the status only', async () => {
    const api = await startTestServer({ envelope: true });
    try {
      expect((await api.request('GET', '/healthz')).body).toEqual({ status: 'ok', store: 'memory' });
    } finally {
      await api.server.close();
    }
  });
});
