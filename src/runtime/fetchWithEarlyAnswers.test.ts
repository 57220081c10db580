import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../client/index.ts';
import { ManualClock } from '../client/testing/ManualClock.ts';
import { sampleProfile } from '../api/testing/sampleProfile.ts';
import { EARLY_REQUESTS_GLOBAL, fetchWithEarlyAnswers, takeEarlyRequests } from './fetchWithEarlyAnswers.ts';
import { obtainToken } from './obtainToken.ts';

const ISSUED = { token: 'exchanged-token', overlay: 'tool', expiresAt: null };

/** index.html's inline start script, as the browser runs it. */
const INLINE = (() => {
  const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
  expect(scripts).toHaveLength(1);
  return scripts[0]!;
})();

type Answer = { status: number; body: unknown } | 'network-error' | 'hang';

/** An API answering each request in turn (the exchange and `GET /me` by default), noting what was sent. */
function api(...answers: Answer[]) {
  const sent: string[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    sent.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname} ${new Headers(init?.headers).get('Authorization') ?? '-'}`);
    const answer = answers.shift() ?? { status: 200, body: sampleProfile() };
    if (init?.signal?.aborted) return Promise.reject(init.signal.reason);
    if (answer === 'network-error') return Promise.reject(new TypeError('Failed to fetch'));
    if (answer === 'hang') return new Promise(() => {});
    return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } }));
  };
  return { fetch, sent };
}

/** Runs the inline script on a page at `href`; answers the requests it left. */
async function runInline(href: string, fetch: typeof globalThis.fetch) {
  const page: Record<string, unknown> = {};
  const url = new URL(href);
  new Function('window', 'location', 'fetch', INLINE)(page, url, fetch);
  // Its GET /me leaves once the exchange answered.
  await new Promise((resolve) => setTimeout(resolve, 0));
  return takeEarlyRequests(page);
}

describe('fetchWithEarlyAnswers with the inline start script of index.html', () => {
  it('lets the client take over the exchange and GET /me sent before the page script ran', async () => {
    const net = api({ status: 201, body: ISSUED });
    const early = await runInline('http://overlay.test/?overlay=long-overlay-id&api=http://api.test/', net.fetch);
    expect(net.sent).toEqual(['POST /auth/overlay -', 'GET /me Bearer exchanged-token']);
    const client = createApiClient({ baseUrl: 'http://api.test', fetch: fetchWithEarlyAnswers(net.fetch, early) });
    expect(await obtainToken(client, { overlay: 'long-overlay-id' })).toEqual({ token: 'exchanged-token', kind: 'tool' });
    expect((await client.me()).user.userId).toBe(sampleProfile().user.userId);
    expect(net.sent).toHaveLength(2);
    // Taken once: the next profile read goes out.
    await client.me();
    expect(net.sent).toEqual(['POST /auth/overlay -', 'GET /me Bearer exchanged-token', 'GET /me Bearer exchanged-token']);
  });

  it('reads an early 429 as its own answer, then exchanges again itself', async () => {
    const net = api({ status: 429, body: { code: 429, message: 'Too many requests' } }, { status: 201, body: ISSUED });
    const early = await runInline('http://overlay.test/#overlay=long-overlay-id', net.fetch);
    // The page's own /api by default, as parseOverlayParams has it.
    expect(net.sent).toEqual(['POST /api/auth/overlay -']);
    const client = createApiClient({ baseUrl: 'http://overlay.test/api', fetch: fetchWithEarlyAnswers(net.fetch, early) });
    const waits: number[] = [];
    await obtainToken(client, { overlay: 'long-overlay-id' }, { wait: async (ms) => void waits.push(ms) });
    expect(waits).toHaveLength(1);
    expect(client.currentToken()).toBe('exchanged-token');
    expect(net.sent).toEqual(['POST /api/auth/overlay -', 'POST /api/auth/overlay -']);
  });

  it('sends again a request that failed early, or one asked with another token', async () => {
    const net = api('network-error', { status: 201, body: ISSUED });
    const early = await runInline('http://overlay.test/?overlay=id-1&api=http://api.test', net.fetch);
    const client = createApiClient({ baseUrl: 'http://api.test', fetch: fetchWithEarlyAnswers(net.fetch, early) });
    await obtainToken(client, { overlay: 'id-1' });
    client.setToken('another-token');
    await client.me();
    expect(net.sent).toEqual(['POST /auth/overlay -', 'POST /auth/overlay -', 'GET /me Bearer another-token']);
  });

  it('keeps the client timeout when the early answer never comes', async () => {
    const net = api('hang');
    const early = await runInline('http://overlay.test/?overlay=id-1&api=http://api.test', net.fetch);
    const clock = new ManualClock();
    const client = createApiClient({ baseUrl: 'http://api.test', fetch: fetchWithEarlyAnswers(net.fetch, early), clock, timeoutMs: 1000 });
    const exchange = client.exchangeOverlay('id-1').catch((error: unknown) => error);
    clock.advance(1000);
    expect(await exchange).toMatchObject({ code: 'TIMEOUT' });
  });

  it('sends nothing early for an address without an overlay id, or with a bad api', async () => {
    const net = api();
    expect(await runInline('http://overlay.test/?token=t&kind=tool', net.fetch)).toEqual([]);
    expect(await runInline('http://overlay.test/?overlay=id-1&api=ftp://api.test', net.fetch)).toEqual([]);
    expect(net.sent).toEqual([]);
    const page = { [EARLY_REQUESTS_GLOBAL]: 'not a list' };
    expect(takeEarlyRequests(page)).toEqual([]);
    expect(page).toEqual({});
  });
});
