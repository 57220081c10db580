/**
 * The overlay fixtures plus what the offline specs need: the API traffic of
 * the test's browser context, faults on cue, and the debug panel of `page`.
 */
import type { Json } from '../../src/api/index.ts';
import { test as base } from '../fixtures.ts';
import { ApiFaults } from './ApiFaults.ts';
import { ApiTraffic } from './ApiTraffic.ts';
import type { ApiServerDriver } from './ApiServerDriver.ts';
import { DebugPanel } from './DebugPanel.ts';
import { ROUND_KEYS } from './KeysModule.ts';

export interface OfflineFixtures {
  /** Every API request of the test's browser context (all tabs). */
  traffic: ApiTraffic;
  /** 401/429/400 answers and slow answers, on cue. */
  faults: ApiFaults;
  /** The debug panel of the fixture's page. */
  debug: DebugPanel;
}

export const test = base.extend<OfflineFixtures>({
  traffic: async ({ context, api }, use) => {
    await use(new ApiTraffic(context, api.url));
  },
  faults: async ({ context, api }, use) => {
    await use(new ApiFaults(context, api.url));
  },
  debug: async ({ page }, use) => {
    await use(new DebugPanel(page));
  },
});

export { expect } from '../fixtures.ts';

/** What the server holds for the counter and for test.offline.keys (undefined: never set). */
export async function storedValues(api: ApiServerDriver): Promise<Record<string, Json | undefined>> {
  const values: Record<string, Json | undefined> = { count: await api.get('demo.tool.counter', 'count') };
  for (const key of ROUND_KEYS) values[key] = await api.get('test.offline.keys', key);
  return values;
}

/** The values `storedValues` reads once the counter shows `count` and the keys module wrote `round`. */
export function expectedValues(count: number, round: number): Record<string, Json | undefined> {
  return { count, ...Object.fromEntries(ROUND_KEYS.map((key) => [key, round])) };
}
