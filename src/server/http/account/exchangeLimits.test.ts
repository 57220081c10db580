import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SEED, DEMO_OVERLAY_IDS } from '../../registry/index.ts';
import { startApiServer } from '../../startApiServer.ts';
import { isRedisStore } from '../../store/index.ts';
import { send, startTestServer } from '../../testing/apiTestClient.ts';
import { expectError } from '../../testing/expectError.ts';
import { startRedisServer, type TestRedisServer } from '../../testing/redisServer.ts';
import { TEST_ENVELOPE } from '../../testing/testEnvelope.ts';
import { TEST_SEED } from '../../testing/testSeed.ts';

const TOOL_1001 = TEST_SEED.users[0]!.profile.overlays.tool;
const exchange = (url: string, overlay: string, headers: Record<string, string> = {}) => send(url, 'POST', '/auth/overlay', { body: { overlay }, headers });

describe('POST /auth/overlay rate limits', () => {
  it('refuses with 429 and Retry-After once the default budget of wrong guesses is spent, even a right id', async () => {
    const { server } = await startTestServer();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) statuses.push((await exchange(server.url, `guess-${i}`)).status);
      expect(statuses.slice(0, 20)).toEqual(Array(20).fill(404));
      expect(statuses.slice(20)).toEqual(Array(10).fill(429));
      const refused = await exchange(server.url, TOOL_1001);
      expectError(refused, 429, /too many failed exchanges from this address/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(500);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(600);
    } finally {
      await server.close();
    }
  });

  it('behind a proxy (--trust-proxy 1), two clients never share a budget of failed exchanges', async () => {
    const { server } = await startTestServer({ trustProxy: 1, limits: { failedExchangesPerAddress: 3 } });
    try {
      // The client writes what it likes left of the proxy's own entry: only the proxy's entry counts.
      const one = { 'X-Forwarded-For': '192.0.2.1, 203.0.113.7' };
      for (let i = 0; i < 3; i++) expectError(await exchange(server.url, `guess-${i}`, one), 404);
      expectError(await exchange(server.url, TOOL_1001, one), 429, /too many failed exchanges/);
      expectError(await exchange(server.url, TOOL_1001, { 'X-Forwarded-For': '192.0.2.2, 203.0.113.7' }), 429);
      expect((await exchange(server.url, TOOL_1001, { 'X-Forwarded-For': '203.0.113.8' })).status).toBe(201);
    } finally {
      await server.close();
    }
  });

  it('without --trust-proxy, a forged X-Forwarded-For changes nothing: every claimed address spends one budget', async () => {
    const { server } = await startTestServer({ limits: { failedExchangesPerAddress: 3 } });
    try {
      for (let i = 0; i < 3; i++) expectError(await exchange(server.url, `guess-${i}`, { 'X-Forwarded-For': `203.0.113.${i}` }), 404);
      expectError(await exchange(server.url, TOOL_1001, { 'X-Forwarded-For': '203.0.113.99' }), 429, /too many failed exchanges/);
      expectError(await exchange(server.url, TOOL_1001), 429);
    } finally {
      await server.close();
    }
  });

  it('opens again once the window has passed', async () => {
    let now = 1_000_000;
    const { server } = await startTestServer({ now: () => now, limits: { failedExchangesPerAddress: 2, exchangeWindowMs: 60_000 } });
    try {
      for (let i = 0; i < 2; i++) expectError(await exchange(server.url, `guess-${i}`), 404);
      const refused = await exchange(server.url, TOOL_1001);
      expectError(refused, 429);
      expect(refused.headers.get('retry-after')).toBe('60');
      now += 60_000;
      expect((await exchange(server.url, TOOL_1001)).status).toBe(201);
    } finally {
      await server.close();
    }
  });

  it('limits exchanges of one overlay id, not of the others', async () => {
    const { server } = await startTestServer({ limits: { exchangesPerOverlay: 3 } });
    try {
      for (let i = 0; i < 3; i++) expect((await exchange(server.url, TOOL_1001)).status).toBe(201);
      expectError(await exchange(server.url, TOOL_1001), 429, /too many exchanges of this overlay id/);
      expect((await exchange(server.url, TEST_SEED.users[0]!.profile.overlays.game)).status).toBe(201);
    } finally {
      await server.close();
    }
  });
});

describe('with Redis, several instances', () => {
  let redis: TestRedisServer;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(() => redis?.dispose());

  const options = () => ({ seed: DEMO_SEED, store: redis.url, limits: { failedExchangesPerAddress: 4, exchangesPerOverlay: 1000 }, maxTokensPerOverlay: 5, envelope: TEST_ENVELOPE });

  it('share the budget of failed exchanges', async () => {
    const [a, b] = [await startApiServer(options()), await startApiServer(options())];
    try {
      for (let i = 0; i < 4; i++) expectError(await exchange((i % 2 ? a : b).url, `guess-${i}`), 404);
      expectError(await exchange(a.url, DEMO_OVERLAY_IDS.tool), 429);
      expectError(await exchange(b.url, DEMO_OVERLAY_IDS.tool), 429);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('keep at most maxTokensPerOverlay tokens of one overlay id, the newest', async () => {
    const [a, b] = [await startApiServer(options()), await startApiServer(options())];
    try {
      if (!isRedisStore(a.store)) throw new Error('expected a redis store');
      await a.store.redis.flushall();
      const tokens: string[] = [];
      for (let i = 0; i < 20; i++) tokens.push(((await exchange((i % 2 ? a : b).url, DEMO_OVERLAY_IDS.tool)).body as { token: string }).token);
      expect(await a.store.redis.keys('registry:token:*')).toHaveLength(5);
      const statuses = await Promise.all(tokens.map(async (token) => (await send(b.url, 'GET', '/me', { token })).status));
      expect(statuses).toEqual([...Array(15).fill(401), ...Array(5).fill(200)]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
