import { startRedisServer, type TestRedisServer } from '../src/server/testing/redisServer.ts';
import { test as base, expect } from './fixtures.ts';
import { ApiServerDriver } from './support/ApiServerDriver.ts';
import { ChangeLog } from './support/ChangeLog.ts';
import { DebugPanel } from './support/DebugPanel.ts';
import { LiveSockets } from './support/LiveSockets.ts';
import { OverlayPage } from './support/OverlayPage.ts';

/**
 * Two API instances on one private redis-server: `api` serves the overlay, `second` the writer. `sockets`
 * records the live sockets of the browsers (what they heard, how they closed) for the report of a failure,
 * taken before the servers stop (their 1001 closes would otherwise show every page as `connecting`).
 */
const test = base.extend<{ redis: TestRedisServer; second: ApiServerDriver; sockets: LiveSockets }>({
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
  second: async ({ seed, redis, api }, use) => {
    // Started after the first, which seeded Redis.
    void api;
    const driver = new ApiServerDriver(structuredClone(seed), redis.url);
    await driver.start();
    await use(driver);
    await driver.stop();
  },
  sockets: async ({ context, api, second }, use, testInfo) => {
    void [api, second];
    const sockets = await LiveSockets.record(context);
    await use(sockets);
    await sockets.keepOnFailure(testInfo);
  },
});

const COUNTER = 'demo.tool.counter';

test('an overlay on one API instance hears the writes a browser makes through another, on one Redis', async ({ overlay, api, second, page, browser, sockets }) => {
  const shown = await overlay.open({ modules: [COUNTER] });
  await expect(new DebugPanel(page).live).toHaveText('live');
  const log = await ChangeLog.attach(shown);

  const otherContext = await browser.newContext();
  await sockets.add(otherContext);
  const writer = new OverlayPage(await otherContext.newPage(), second);
  const remote = await writer.open({ modules: [COUNTER] });
  await expect(new DebugPanel(writer.page).live).toHaveText('live');
  for (let count = 1; count <= 3; count++) {
    await remote.getByTestId('increment').click();
    // The writer's queue coalesces writes of a key that wait together (docs/write-queue.md): on a busy machine three
    // quick clicks can reach the server as 2, 3, and no page ever hears 1. Each click's write lands before the next.
    await expect.poll(() => second.get(COUNTER, 'count')).toBe(count);
  }

  await expect(shown.getByTestId('count')).toHaveText('3');
  await expect.poll(() => log.values('count')).toEqual([1, 2, 3]);
  expect(await api.get(COUNTER, 'count')).toBe(3);

  // And the other way round: a write through the overlay's instance reaches the writer's page.
  const back = await ChangeLog.attach(remote);
  await shown.getByTestId('increment').click();
  await expect(remote.getByTestId('count')).toHaveText('4');
  expect(await back.values('count')).toEqual([4]);
  await otherContext.close();
});
