import { startRedisServer, type TestRedisServer } from '../src/server/testing/redisServer.ts';
import { test as base, expect } from './fixtures.ts';
import { ApiServerDriver } from './support/ApiServerDriver.ts';

/** The fixtures' API, on a private redis-server instead of SQLite. */
const test = base.extend<{ redis: TestRedisServer }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter.
  redis: async ({}, use) => {
    const redis = await startRedisServer();
    await use(redis);
    await redis.dispose();
  },
  api: async ({ seed, redis }, use) => {
    const driver = new ApiServerDriver(structuredClone(seed), redis.url);
    await driver.start();
    await use(driver);
    await driver.stop();
  },
});

test('the page keeps its writes while the API\'s Redis is down and delivers them once Redis is back', async ({ overlay, api, redis, page }) => {
  const unavailable: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 503 && response.url().includes('/me/database')) unavailable.push(response.headers()['retry-after'] ?? '');
  });
  const counter = await overlay.open({ kind: 'tool', modules: ['demo.tool.counter'] });
  await counter.getByTestId('increment').click();
  await expect.poll(() => api.get('demo.tool.counter', 'count')).toBe(1);

  await redis.stop('SIGKILL');
  await counter.getByTestId('increment').click();
  await counter.getByTestId('increment').click();
  await expect(counter.getByTestId('count')).toHaveText('3');
  // The page tried, was told to come back later, and kept the writes.
  await expect.poll(() => unavailable.length).toBeGreaterThan(0);
  expect(unavailable[0]).toBe('1');
  await expect(overlay.debug.getByTestId('debug-pending')).toHaveText('1');

  await redis.restart();
  // Our own reads get 503 too until the server has reconnected.
  const stored = () => api.get('demo.tool.counter', 'count').catch((error: Error) => error.message);
  await expect.poll(stored, { timeout: 30_000 }).toBe(3);
  await expect(counter.getByTestId('count')).toHaveText('3');
  await expect(overlay.debug.getByTestId('debug-pending')).toHaveText('0');
});
