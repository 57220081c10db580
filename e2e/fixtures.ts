/**
 * Playwright fixtures for overlay and module tests:
 *
 *   import { test, expect } from '../../e2e/fixtures.ts';
 *   test('counts', async ({ overlay, api }) => {
 *     const counter = await overlay.open({ kind: 'tool', modules: ['demo.tool.counter'] });
 *     await counter.getByTestId('increment').click();
 *     await expect.poll(() => api.get('demo.tool.counter', 'count')).toBe(1);
 *   });
 *
 * Stream events (docs/events.md): `await overlay.emitEvent('channel.raid', payload)`
 * posts one through the server; `exampleEvent('channel.raid', { userName, amount })`
 * is Twitch's reference example with your edits.
 *
 * Options (`test.use({...})`): `seed` (users, profiles and tokens; default the
 * demo user) and `store` (`memory` or `sqlite`; default `sqlite` in the test's
 * output folder, so a restarted server keeps its data) and `envelope` (the server
 * wraps bodies as the hosted service does; default off, on in the `envelope` project).
 */
import { test as base, expect } from '@playwright/test';
import { DEMO_SEED, type Seed } from '../src/server/index.ts';
import { ApiServerDriver } from './support/ApiServerDriver.ts';
import { DockPage } from './support/DockPage.ts';
import { NetworkSwitch } from './support/NetworkSwitch.ts';
import { OverlayPage } from './support/OverlayPage.ts';

export interface OverlayFixtures {
  /** The reference API server of this test (started before the test, stopped after). */
  api: ApiServerDriver;
  /** The overlay page: open it, find module frames, read the debug panel. */
  overlay: OverlayPage;
  /** Cuts the page off from the API and back. */
  network: NetworkSwitch;
  /** The control dock, in a browser context of its own (like an OBS dock beside the browser source, or a phone). */
  dock: DockPage;
  /** Cuts the dock off from the API and back. */
  dockNetwork: NetworkSwitch;
}

export interface OverlayOptions {
  seed: Seed;
  store: 'memory' | 'sqlite';
  envelope: boolean;
}

export const test = base.extend<OverlayFixtures & OverlayOptions>({
  seed: [DEMO_SEED, { option: true }],
  store: ['sqlite', { option: true }],
  envelope: [false, { option: true }],
  api: async ({ seed, store, envelope }, use, testInfo) => {
    const storeUrl = store === 'memory' ? 'memory' : `sqlite:${testInfo.outputPath('api.sqlite')}`;
    const driver = new ApiServerDriver(structuredClone(seed), storeUrl, { envelope });
    await driver.start();
    await use(driver);
    await driver.stop();
  },
  overlay: async ({ page, api }, use) => {
    await use(new OverlayPage(page, api));
  },
  network: async ({ page, api }, use) => {
    await use(new NetworkSwitch(page, () => api.url));
  },
  dock: async ({ browser, api }, use, testInfo) => {
    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: { width: 420, height: 900 } });
    await use(new DockPage(await context.newPage(), api));
    await context.close();
  },
  dockNetwork: async ({ dock, api }, use) => {
    await use(new NetworkSwitch(dock.page, () => api.url));
  },
});

export { expect };
export type { ApiServerDriver } from './support/ApiServerDriver.ts';
export type { DockPage } from './support/DockPage.ts';
export type { ModuleFrame } from './support/ModuleFrame.ts';
export type { NetworkSwitch } from './support/NetworkSwitch.ts';
export type { OverlayPage } from './support/OverlayPage.ts';
export { REFUSED_FILES, solidPng, toneWav } from './support/mediaFiles.ts';
export { EVENTSUB_EXAMPLES, exampleEvent, TEST_BUTTONS, testEventBody } from '../src/api/index.ts';
