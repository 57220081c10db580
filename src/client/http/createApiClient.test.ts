import { describe, expect, it } from 'vitest';
import { ApiError } from './ApiError.ts';
import { createApiClient } from './createApiClient.ts';
import { ManualClock } from '../testing/ManualClock.ts';
import { echo, fakeFetch, hang, json } from '../testing/fakeFetch.ts';
import { sampleProfile } from '../../api/testing/sampleProfile.ts';

function setup(token: string | null = 'tok-1') {
  const net = fakeFetch();
  const clock = new ManualClock();
  const client = createApiClient({ baseUrl: 'https://api.test/', token: token ?? undefined, fetch: net.fetch, clock, timeoutMs: 1000 });
  return { net, clock, client };
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('createApiClient', () => {
  it('sends the Bearer token, no referrer, no credentials, and parses bare bodies', async () => {
    const { net, client } = setup();
    net.respond(() => json(200, sampleProfile()));
    const profile = await client.me();
    expect(profile.user.userId).toBe('1001');
    const [call] = net.calls;
    expect(call.url).toBe('https://api.test/me');
    expect(call.headers.Authorization).toBe('Bearer tok-1');
    expect(call.init).toMatchObject({ referrerPolicy: 'no-referrer', credentials: 'omit', cache: 'no-store' });
  });

  it('keeps reads out of the HTTP cache, but sends writes in the default mode, so the browser reuses its CORS preflight', async () => {
    const { net, client } = setup();
    net.respond(echo);
    await client.dbSet('a.b', 'k', 1);
    net.respond(() => json(200, { id: 'a.b', key: 'k', value: 1 }));
    await client.dbGet('a.b', 'k');
    const [write, read] = net.calls;
    // `no-store` (or `no-cache`) makes Chromium send an OPTIONS before every request, whatever Access-Control-Max-Age says.
    expect(write).toMatchObject({ method: 'PATCH', init: { referrerPolicy: 'no-referrer', credentials: 'omit' } });
    expect(write.init.cache).toBeUndefined();
    expect(read).toMatchObject({ method: 'GET', init: { cache: 'no-store' } });
  });

  it('accepts {meta, data} bodies and {meta, error} errors', async () => {
    const { net, client } = setup();
    net.respond(() => json(200, { meta: { v: 1 }, data: { id: 'a.b', key: 'k', value: [1] } }));
    expect(await client.dbGet('a.b', 'k')).toEqual([1]);
    net.respond(() => json(400, { meta: {}, error: { code: 400, message: 'key is missing' } }));
    const error = await failureOf(client.dbGet('a.b', 'k'));
    expect(error.toJSON()).toEqual({ code: 'BAD_REQUEST', message: 'key is missing' });
    expect(error.status).toBe(400);
  });

  it('builds the database query and the PATCH body', async () => {
    const { net, client } = setup();
    net.respond(echo);
    await client.dbSet('a.b', 'other.mod:name with spaces', { n: 1 });
    net.respond(() => json(200, { id: 'a.b', key: 'x&y', value: null }));
    expect(await client.dbGet('a.b', 'x&y')).toBeNull();
    expect(net.calls[0]).toMatchObject({ method: 'PATCH', url: 'https://api.test/me/database' });
    expect(net.calls[0].headers['Content-Type']).toBe('application/json');
    expect(net.calls[0].body).toEqual({ id: 'a.b', key: 'other.mod:name with spaces', value: { n: 1 } });
    expect(net.calls[1].url).toBe('https://api.test/me/database?id=a.b&key=x%26y');
  });

  it('reads the alert state with GET /me/alerts and reports the queue with POST /me/alerts/report; a refusal rejects with its code', async () => {
    const { net, client } = setup();
    net.respond(() => new Response(null, { status: 204 }));
    await client.reportAlerts({ showing: null, waiting: 3, held: 'hidden', dropped: 0 });
    expect(net.calls[0]).toMatchObject({ method: 'POST', url: 'https://api.test/me/alerts/report', body: { showing: null, waiting: 3, held: 'hidden', dropped: 0 } });
    net.respond(() => json(200, { paused: true, muted: false, showing: null, waiting: 0 }));
    expect(await client.alerts()).toEqual({ paused: true, muted: false, showing: null, waiting: 0 });
    expect(net.calls[1]).toMatchObject({ method: 'GET', url: 'https://api.test/me/alerts' });
    net.respond(() => json(403, { code: 'FORBIDDEN', message: 'an overlay token reports' }));
    expect((await failureOf(client.reportAlerts({ showing: null, waiting: 0 }))).code).toBe('FORBIDDEN');
  });

  it('sends the events query in an engine without URLSearchParams.size (Chromium 103, OBS 29-30)', async () => {
    const size = Object.getOwnPropertyDescriptor(URLSearchParams.prototype, 'size');
    Reflect.deleteProperty(URLSearchParams.prototype, 'size');
    try {
      const { net, client } = setup();
      net.respond(() => json(200, { events: [], cursor: '7', gap: false }));
      await client.listEvents({ after: '7', limit: 20 });
      await client.listEvents();
      expect(net.calls.map((call) => call.url)).toEqual(['https://api.test/me/events?after=7&limit=20', 'https://api.test/me/events']);
    } finally {
      if (size) Object.defineProperty(URLSearchParams.prototype, 'size', size);
    }
  });

  it('reads a JSON 404 as never set, but an HTML 404 as NOT_FOUND', async () => {
    const { net, client } = setup();
    net.respond(() => json(404, { code: 404, message: 'key "k" was never set' }));
    expect(await client.dbGet('a.b', 'k')).toBeUndefined();
    net.respond(() => new Response('<h1>Not found</h1>', { status: 404 }));
    expect((await failureOf(client.dbGet('a.b', 'k'))).code).toBe('NOT_FOUND');
  });

  it('reads all of a module\'s keys, bare or enveloped, and a 404 as an API without the endpoint', async () => {
    const { net, client } = setup();
    net.respond(() => json(200, { id: 'a.b', values: { k: [1], n: null } }));
    expect(await client.dbValues('a.b')).toEqual({ k: [1], n: null });
    expect(net.calls[0]!.url).toBe('https://api.test/me/database/values?id=a.b');
    net.respond(() => json(200, { meta: { v: 1 }, data: { id: 'a.b', values: {} } }));
    expect(await client.dbValues('a.b')).toEqual({});
    net.respond(() => new Response('<h1>Not Found</h1>', { status: 404 }));
    expect(await client.dbValues('a.b')).toBeUndefined();
    net.respond(() => json(200, { id: 'a.b', values: 'none' }));
    expect((await failureOf(client.dbValues('a.b'))).code).toBe('UNAVAILABLE');
    net.respond(() => json(401, { code: 401, message: 'Unauthorized' }));
    expect((await failureOf(client.dbValues('a.b'))).code).toBe('UNAUTHORIZED');
  });

  it('keeps the status and Retry-After on failures', async () => {
    const { net, client } = setup();
    net.respond(() => json(429, { code: 429, message: 'slow down' }, { 'Retry-After': '7' }));
    const error = await failureOf(client.dbSet('a.b', 'k', 1));
    expect(error).toMatchObject({ code: 'BUSY', status: 429, retryAfter: '7', message: 'slow down' });
    net.respond(() => new Response('oops', { status: 503 }));
    expect(await failureOf(client.dbSet('a.b', 'k', 1))).toMatchObject({ code: 'UNAVAILABLE', message: 'HTTP 503' });
  });

  it('does not take a non-JSON 2xx as a confirmed write', async () => {
    const { net, client } = setup();
    net.respond(() => new Response('<html>Sign in to the hotel wifi</html>', { status: 200 }));
    expect(await failureOf(client.dbSet('a.b', 'k', 1))).toMatchObject({ code: 'UNAVAILABLE', status: 200 });
  });

  it('maps network errors to UNAVAILABLE and slow answers to TIMEOUT', async () => {
    const { net, client, clock } = setup();
    net.respond(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await failureOf(client.me())).toMatchObject({ code: 'UNAVAILABLE', status: null });
    net.respond(hang);
    const pending = failureOf(client.me());
    await Promise.resolve();
    clock.advance(1000);
    expect(await pending).toMatchObject({ code: 'TIMEOUT', status: null });
  });

  it('refuses to send without a token and swaps tokens', async () => {
    const { net, client } = setup(null);
    expect(await failureOf(client.me())).toMatchObject({ code: 'UNAUTHORIZED', status: null });
    expect(net.calls).toHaveLength(0);
    let told = 0;
    client.onTokenChange(() => told++);
    client.setToken('tok-2');
    net.respond(() => json(200, sampleProfile()));
    await client.me();
    expect(net.calls[0].headers.Authorization).toBe('Bearer tok-2');
    expect(told).toBe(1);
    // The same token again is no change: the queue is not woken (and its backoff not cut short).
    client.setToken('tok-2');
    expect(told).toBe(1);
  });

  it('exchanges an overlay id without a token', async () => {
    const { net, client } = setup(null);
    net.respond(() => json(201, { token: 'ov-tok', overlay: 'tool', expiresAt: null }));
    expect(await client.exchangeOverlay('ot')).toEqual({ token: 'ov-tok', overlay: 'tool', expiresAt: null });
    expect(net.calls[0]).toMatchObject({ method: 'POST', url: 'https://api.test/auth/overlay', body: { overlay: 'ot' } });
    expect(net.calls[0].headers.Authorization).toBeUndefined();
  });

  it('refuses a body that does not match the contract', async () => {
    const { net, client } = setup();
    net.respond(() => json(200, { context: 'nonsense' }));
    expect((await failureOf(client.validate())).code).toBe('UNAVAILABLE');
  });
  it('reads the alert state and sends alert commands, parsing 200 and 202 answers', async () => {
    const { net, client } = setup();
    const state = { paused: true, muted: false, showing: null, waiting: 2, held: 'paused' };
    net.respond(() => json(200, state));
    expect(await client.alerts()).toEqual(state);
    net.respond(() => json(200, { meta: {}, data: { ...state, paused: false } }));
    expect(await client.alertCommand('toggle-pause')).toMatchObject({ paused: false });
    net.respond(() => json(202, state));
    expect(await client.alertCommand('skip')).toEqual(state);
    expect(net.calls.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'GET https://api.test/me/alerts',
      'POST https://api.test/me/alerts/toggle-pause',
      'POST https://api.test/me/alerts/skip',
    ]);
    net.respond(() => json(403, { code: 403, message: 'Forbidden - no' }));
    expect((await failureOf(client.alertCommand('clear'))).toJSON()).toEqual({ code: 'FORBIDDEN', message: 'Forbidden - no' });
  });
});
