import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '../../startApiServer.ts';
import { send, startTestServer } from '../../testing/apiTestClient.ts';
import { expectError } from '../../testing/expectError.ts';
import { startRedisServer, type TestRedisServer } from '../../testing/redisServer.ts';
import { TEST_ENVELOPE } from '../../testing/testEnvelope.ts';
import { TEST_SEED } from '../../testing/testSeed.ts';

const TOOL_1001 = TEST_SEED.users[0]!.profile.overlays.tool;
const OPAQUE = { Origin: 'null' };
const exchange = (url: string, overlay: string, headers: Record<string, string> = {}) => send(url, 'POST', '/auth/overlay', { body: { overlay }, headers });

describe('what a module frame (Origin: null) or another web page cannot do', () => {
  it('an exchange from an opaque origin gets 403 and is not counted against anyone', async () => {
    const { server } = await startTestServer({ limits: { failedExchangesPerAddress: 3 } });
    try {
      for (let i = 0; i < 10; i++) expectError(await exchange(server.url, `guess-${i}`, OPAQUE), 403, /opaque origin/);
      expectError(await exchange(server.url, TOOL_1001, OPAQUE), 403, /opaque origin/);
      for (let i = 0; i < 3; i++) expectError(await exchange(server.url, `guess-${i}`), 404);
    } finally {
      await server.close();
    }
  });

  it('failures from another web page spend that page\'s budget, not the budget of the overlay page\'s own origin', async () => {
    const { server } = await startTestServer({ limits: { failedExchangesPerAddress: 3 } });
    try {
      const hostile = { Origin: 'https://hostile.example' };
      for (let i = 0; i < 3; i++) expectError(await exchange(server.url, `guess-${i}`, hostile), 404);
      expectError(await exchange(server.url, TOOL_1001, hostile), 429, /too many failed exchanges/);
      // Other cross origins share the cross-origin budget: a page with many origins cannot draw fresh budgets.
      expectError(await exchange(server.url, TOOL_1001, { Origin: 'https://a.hostile.example' }), 429);
      expect((await exchange(server.url, TOOL_1001, { Origin: server.url })).status).toBe(201);
      expect((await exchange(server.url, TOOL_1001)).status).toBe(201);
    } finally {
      await server.close();
    }
  });

  it('a right id does not spend the failed budget', async () => {
    const { server } = await startTestServer({ limits: { failedExchangesPerAddress: 2 } });
    try {
      for (let i = 0; i < 5; i++) expect((await exchange(server.url, TOOL_1001)).status).toBe(201);
      for (let i = 0; i < 2; i++) expectError(await exchange(server.url, `guess-${i}`), 404);
      expectError(await exchange(server.url, 'guess-x'), 429);
    } finally {
      await server.close();
    }
  });

  it('a website token from an opaque origin gets 403; overlay tokens still work there', async () => {
    const { server } = await startTestServer();
    try {
      expectError(await send(server.url, 'GET', '/me', { token: 'site-1001', headers: OPAQUE }), 403, /opaque origin/);
      expectError(await send(server.url, 'GET', '/auth/validate', { token: 'site-1001', headers: OPAQUE }), 403);
      expect((await send(server.url, 'GET', '/me', { token: 'site-1001' })).status).toBe(200);
      expect((await send(server.url, 'GET', '/me', { token: 'tool-1001', headers: OPAQUE })).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('with Redis: the failed budget is counted before the lookup, in one step', () => {
  let redis: TestRedisServer;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(() => redis?.dispose());

  it('200 concurrent wrong guesses through two instances: at most the limit reach the registry', async () => {
    const options = { seed: TEST_SEED, store: redis.url, limits: { failedExchangesPerAddress: 20, exchangesPerOverlay: 1000 }, envelope: TEST_ENVELOPE };
    const [a, b] = [await startApiServer(options), await startApiServer(options)];
    try {
      const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => exchange((i % 2 ? a : b).url, `guess-${i}`)));
      const statuses = answers.map((answer) => answer.status);
      // Every id is wrong: each answer that is not 429 is one lookup in the registry.
      expect(statuses.filter((status) => status === 404)).toHaveLength(20);
      expect(statuses.filter((status) => status === 429)).toHaveLength(180);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
