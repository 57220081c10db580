import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import { DEMO_SEED } from '../../server/index.ts';
import type { BenchContext } from '../BenchContext.ts';
import type { Figure } from '../Figure.ts';
import { LiveListener } from '../live/LiveListener.ts';
import { timePatchToChange } from '../live/timePatchToChange.ts';
import { makeRow } from '../makeRow.ts';
import { toolModuleId } from '../overlay/writeToolModules.ts';
import { sampleInterleaved } from '../sampleInterleaved.ts';
import { spawnReferenceServer } from '../server/spawnServer.ts';
import { startServers, stopServers } from '../server/startServers.ts';

const MODULE = toolModuleId(0);

/**
 * A change in the dock's settings form (another browser context, as
 * an OBS dock beside the browser source) until the module in the overlay hears
 * `change`: the form, the dock's write queue, PATCH, live sync, the bridge.
 * Baseline, in the same rounds: the live.latency path on one instance, an
 * outside PATCH until the module hears it (target: within 1.2x of it).
 */
const dockLatency: Figure = {
  name: 'dock.latency',
  order: 58,
  rows: ['dock.latency'],
  async run(context) {
    const seedPath = await writeSeed(context);
    const servers = await startServers({ api: () => spawnReferenceServer('memory', ['--seed', seedPath]) });
    try {
      return [await measure(context, servers.api.url)];
    } finally {
      await stopServers(servers);
    }
  },
};

async function measure(context: BenchContext, api: string) {
  const site = await context.overlaySite();
  const token = DEMO_SEED.users[0]!.tokens.find((t) => t.context === 'overlay' && t.overlay === 'tool')!.token;
  const overlay = await context.newBrowserContext();
  const heard = await LiveListener.install(overlay);
  const page = await overlay.newPage();
  await page.goto(address(site.overlayUrl, '/', { token, kind: 'tool', api, debug: '1' }));
  await page.getByTestId('debug-live').filter({ hasText: /^live$/ }).waitFor({ timeout: 30_000 });
  await page.locator(`iframe[data-module-id="${MODULE}"][data-state="ready"]`).waitFor({ timeout: 30_000 });
  const dock = await (await context.newBrowserContext()).newPage();
  await dock.goto(address(site.overlayUrl, '/dock', { token, api }));
  const field = dock.getByLabel('Live value 1', { exact: true });
  await field.waitFor({ timeout: 30_000 });

  let value = 0;
  const samples = await sampleInterleaved({
    warmup: 5,
    runs: 60,
    variants: {
      ours: () => timeDockToChange(dock, heard, ++value),
      live: () => timePatchToChange({ url: api, token, id: 'bench.writer', key: `${MODULE}:live` }, heard, ++value),
    },
  });
  return makeRow({
    name: 'dock.latency',
    title: 'dock settings change until the module in the overlay hears change (p50)',
    unit: 'ms',
    samples: samples.ours,
    baseline: samples.live,
    target: { of: 'ratio', op: '<=', limit: 1.2 },
    note: 'dock and overlay in two browser contexts, one instance; baseline: an outside PATCH until the module hears it (the live.latency path)',
  });
}

/** Types `value` into the dock's field (as one input event) and waits until the module heard it. */
async function timeDockToChange(dock: Page, listener: LiveListener, value: number): Promise<number> {
  const wait = listener.next(value);
  const startedAt = performance.now();
  await dock.getByLabel('Live value 1', { exact: true }).evaluate((input: HTMLInputElement, text) => {
    input.value = text;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, String(value));
  await wait;
  return performance.now() - startedAt;
}

function address(base: string, path: string, params: Record<string, string>): string {
  const url = new URL(path, base);
  url.search = new URLSearchParams(params).toString();
  return url.href;
}

/** The demo user, its tool overlay showing the first bench module (listening for `change`). */
async function writeSeed(context: BenchContext): Promise<string> {
  const seed = structuredClone(DEMO_SEED);
  seed.users[0]!.profile.selected.tools = [MODULE];
  const path = join(await context.tempDir('dock-seed'), 'seed.json');
  await writeFile(path, JSON.stringify(seed));
  return path;
}

export default dockLatency;
