import { connectLive } from '../src/server/testing/liveTestClient.ts';
import { test as base, expect } from './fixtures.ts';
import { ApiServerDriver } from './support/ApiServerDriver.ts';
import { ChangeLog } from './support/ChangeLog.ts';
import { DebugPanel } from './support/DebugPanel.ts';

/** The fixtures' API without the live endpoint, as the hosted service is. */
const test = base.extend({
  api: async ({ seed }, use, testInfo) => {
    const driver = new ApiServerDriver(structuredClone(seed), `sqlite:${testInfo.outputPath('api.sqlite')}`, { live: false });
    await driver.start();
    await use(driver);
    await driver.stop();
  },
});

const COUNTER = 'demo.tool.counter';

test('without the live endpoint the page polls the keys its modules use, and tells them what changed', async ({ overlay, api, page }) => {
  const counter = await overlay.open({ modules: [COUNTER] });
  await expect(new DebugPanel(page).live).toHaveText('polling');
  const log = await ChangeLog.attach(counter);

  await api.set('dashboard.remote', `${COUNTER}:count`, 12);
  // Re-read every 5 s (the live channel is off, and the 30 s profile refresh reads no values).
  await expect(counter.getByTestId('count')).toHaveText('12');
  expect(await log.changes()).toEqual([{ key: 'count', value: 12, from: '' }]);
  expect(await log.get('count')).toBe(12);

  // Its own writes still go through, and are not told back to it.
  await counter.getByTestId('increment').click();
  await expect.poll(() => api.get(COUNTER, 'count')).toBe(13);
  await expect.poll(() => log.liveState()).toBe('polling');
  await api.set('dashboard.remote', `${COUNTER}:label`, 'polled');
  await expect(counter.getByTestId('label')).toHaveText('polled');
  expect(await log.values('count')).toEqual([12]);
});

/** The fixtures' API with one live connection per user and overlay kind. */
const crowded = base.extend({
  api: async ({ seed }, use, testInfo) => {
    const driver = new ApiServerDriver(structuredClone(seed), `sqlite:${testInfo.outputPath('api.sqlite')}`, { live: { maxConnectionsPerUser: 1 } });
    await driver.start();
    await use(driver);
    await driver.stop();
  },
});

crowded('refused with 4429, the page polls instead and says why in debug mode; changes still arrive', async ({ overlay, api, page }) => {
  // Another client already holds the tool overlay's only place.
  const holder = await connectLive(api.url);
  expect(await holder.auth(api.tokens.tool)).toMatchObject({ type: 'ready' });
  try {
    const counter = await overlay.open({ modules: [COUNTER] });
    const debug = new DebugPanel(page);
    await expect(debug.live).toHaveText('polling');
    await expect(page.getByTestId('debug-live-reason')).toContainText('Too many live connections - at most 1 per user and overlay kind (4429)');
    await api.set('dashboard.remote', `${COUNTER}:count`, 5);
    await expect(counter.getByTestId('count')).toHaveText('5');
  } finally {
    await holder.close();
  }
});
