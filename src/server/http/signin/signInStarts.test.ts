import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ComposedApi } from '../../ComposedApi.ts';
import { DEMO_SEED } from '../../registry/index.ts';
import { type SignUpServer, startSignUpServer } from '../../signin/testing/signUpTestKit.ts';
import { composeTestApi } from '../../testing/composeTestApi.ts';
import { startRedisServer, type TestRedisServer } from '../../testing/redisServer.ts';
import { type FakeTwitch, startFakeTwitch } from '../../twitch/testing/fakeTwitch.ts';
import { createApiApp } from '../createApiApp.ts';

const PUBLIC_URL = 'https://overlay.example';
const NO_TWITCH = { start: async () => Promise.reject(new Error('unused')), isPending: () => false, forget: async () => {}, keep: async () => {} };

const composed: ComposedApi[] = [];
afterEach(async () => {
  for (const api of composed.splice(0)) await api.close();
});

/** The API with `--signup twitch` as one app, on an injected clock, counting the sign-in states it stores. */
async function signUpApp(options: { trustProxy?: number; perAddress?: number; perDeployment?: number } = {}) {
  let now = Date.parse('2026-01-01T00:00:00Z');
  const clock = () => now;
  const signup = { clientId: 'client', clientSecret: 'secret', publicUrl: PUBLIC_URL, maxSignInStartsPerAddress: options.perAddress, maxSignInStarts: options.perDeployment };
  const api = await composeTestApi({ seed: DEMO_SEED, now: clock, trustProxy: options.trustProxy, live: false, signup, twitchRoutes: { twitchLogin: NO_TWITCH } });
  composed.push(api);
  // Each started sign-in stores one state (`WebsiteSessions.startSignIn`); a refused start stores none.
  const started = vi.spyOn(api.services.sessions, 'startSignIn');
  const app = createApiApp(api.services);
  const begin = async (address: string, forwardedFor?: string) => {
    const headers = forwardedFor === undefined ? undefined : { 'X-Forwarded-For': forwardedFor };
    return app.fetch(new Request(`${PUBLIC_URL}/auth/twitch`, { headers }), { clientAddress: address });
  };
  return { begin, stored: () => started.mock.calls.length, advance: (ms: number) => (now += ms) };
}

describe('GET /auth/twitch: the budgets in front of the states it stores', () => {
  it('a flood of 10,000 from one address stores at most the budget (429 with Retry-After after it); others still sign in', async () => {
    const api = await signUpApp();
    const statuses = new Map<number, number>();
    let retryAfter: string | null = null;
    for (let i = 0; i < 10_000; i++) {
      const answer = await api.begin('203.0.113.7');
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (answer.status === 429) retryAfter ??= answer.headers.get('retry-after');
    }
    expect(Object.fromEntries(statuses)).toEqual({ 302: 60, 429: 9_940 });
    expect(api.stored()).toBe(60);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(Number(retryAfter)).toBeLessThanOrEqual(600);
    const other = await api.begin('198.51.100.20');
    expect(other.status).toBe(302);
    expect(other.headers.get('location')).toMatch(/^https:\/\/id\.twitch\.tv\/oauth2\/authorize\?/);
    expect(api.stored()).toBe(61);
  }, 120_000);

  it("the 429 is a page that says what happened; the address's budget comes back after 10 minutes", async () => {
    const api = await signUpApp({ perAddress: 2 });
    expect((await api.begin('203.0.113.7')).status).toBe(302);
    expect((await api.begin('203.0.113.7')).status).toBe(302);
    const refused = await api.begin('203.0.113.7');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('600');
    expect(refused.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await refused.text()).toContain('Too many sign-ins were started from your network');
    api.advance(599_000);
    expect((await api.begin('203.0.113.7')).headers.get('retry-after')).toBe('1');
    api.advance(1_000);
    expect((await api.begin('203.0.113.7')).status).toBe(302);
    expect(api.stored()).toBe(3);
  });

  it('counts the client behind --trust-proxy; a forged X-Forwarded-For without it changes nothing', async () => {
    const proxied = await signUpApp({ trustProxy: 1, perAddress: 1 });
    expect((await proxied.begin('10.0.0.1', '203.0.113.7')).status).toBe(302);
    expect((await proxied.begin('10.0.0.1', '203.0.113.7')).status).toBe(429);
    expect((await proxied.begin('10.0.0.1', '198.51.100.20')).status).toBe(302);
    const direct = await signUpApp({ perAddress: 1 });
    expect((await direct.begin('203.0.113.7', '198.51.100.1')).status).toBe(302);
    expect((await direct.begin('203.0.113.7', '198.51.100.2')).status).toBe(429);
  });

  it('caps the states started on the whole deployment: past it 503 with Retry-After, nothing stored; the cap comes back', async () => {
    const api = await signUpApp({ trustProxy: 1, perDeployment: 5 });
    const answers = [];
    for (let i = 1; i <= 8; i++) answers.push(await api.begin('10.0.0.1', `198.51.100.${i}`));
    expect(answers.map((answer) => answer.status)).toEqual([302, 302, 302, 302, 302, 503, 503, 503]);
    expect(answers[5]!.headers.get('retry-after')).toBe('600');
    expect(api.stored()).toBe(5);
    api.advance(600_000);
    expect((await api.begin('10.0.0.1', '198.51.100.9')).status).toBe(302);
  });
});

describe('GET /auth/twitch on two instances of one Redis', () => {
  let fake: FakeTwitch;
  let redis: TestRedisServer;
  const running: SignUpServer[] = [];
  beforeAll(async () => {
    redis = await startRedisServer();
    fake = await startFakeTwitch();
  });
  afterEach(async () => {
    for (const each of running.splice(0)) await each.close();
  });
  afterAll(async () => {
    await fake.stop();
    await redis.dispose();
  });

  it('shares the address budget: the instances together start no more than it', async () => {
    for (let i = 0; i < 2; i++) running.push(await startSignUpServer(fake, { store: redis.url, signup: { maxSignInStartsPerAddress: 3 } }));
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await fetch(`${running[i % 2]!.server.url}/auth/twitch`, { redirect: 'manual' })).status);
    expect(statuses).toEqual([302, 302, 302, 429, 429, 429]);
  });
});
