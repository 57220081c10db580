/**
 * The overlay fixtures in the engine of the Playwright project: with the option
 * `obsEngine` (a version of `@sparticuz/chromium`, set by the `obs-*` projects of
 * playwright.config.ts) the worker's browser is that Chromium, unpacked into the
 * engine cache on first use; without it, the project's browser.
 */
import { OBS_ENGINE_ARGS } from '../obsEngines.ts';
import { test as base } from '../fixtures.ts';
import { installObsEngine } from './installObsEngine.ts';
import { shimCheckVisibility } from './shimCheckVisibility.ts';

export interface ObsEngineOptions {
  obsEngine: string | undefined;
}

export const test = base.extend<object, ObsEngineOptions>({
  obsEngine: [undefined, { scope: 'worker', option: true }],
  browser: [
    async ({ playwright, launchOptions, obsEngine }, use) => {
      if (obsEngine) await shimCheckVisibility(playwright.selectors);
      const options = obsEngine ? { ...launchOptions, executablePath: await installObsEngine(obsEngine), args: OBS_ENGINE_ARGS } : launchOptions;
      const browser = await playwright.chromium.launch(options);
      await use(browser);
      await browser.close();
    },
    // The first run on a machine fetches and unpacks the engine (about 60 MB each).
    { scope: 'worker', timeout: 600_000 },
  ],
});

export { expect } from '../fixtures.ts';
