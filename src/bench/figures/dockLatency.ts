import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import type { BenchContext } from '../BenchContext.ts';
import { defineFigure } from '../Figure.ts';
import { LiveListener } from '../live/LiveListener.ts';
import { type PatchTarget, timePatchToChange } from '../live/timePatchToChange.ts';
import { formatNumber } from '../formatTable.ts';
import { makeRow } from '../makeRow.ts';
import { openLiveOverlay, toolOverlayAddress } from '../overlay/openLiveOverlay.ts';
import { writeToolSeed } from '../overlay/writeToolSeed.ts';
import { toolModuleId } from '../overlay/writeToolModules.ts';
import { sampleInterleaved } from '../sampleInterleaved.ts';
import { summarize } from '../summarize.ts';
import { spawnReferenceServer } from '../server/spawnServer.ts';
import { startServers, stopServers } from '../server/startServers.ts';

const MODULE = toolModuleId(0);
/** Quiet before each timed dock change: more than the queue's 25 ms debounce, so the change is not part of a burst. */
const QUIET_MS = 40;

/**
 * A change in the dock's settings form (another browser context, as
 * an OBS dock beside the browser source) until the module in the overlay hears
 * `change`: the form, the dock's write queue, PATCH, live sync, the bridge.
 * Each change lands on an idle queue (the dock's previous change at least
 * `QUIET_MS` earlier), as a person's separate changes do: writes closer than the
 * queue's 25 ms debounce are a burst, gathered on purpose.
 * Baseline, in the same rounds: the live.latency path on the same instance, an
 * outside PATCH until the module hears it. The note gives a third variant of
 * the same rounds: the same PATCH sent by a bare `fetch` from the dock page
 * (no queue), the browser's own share.
 */
const dockLatency = defineFigure({ name: 'dock.latency', order: 58 }, async (context) => {
  const seed = await writeToolSeed(context, 'dock-seed', [MODULE]);
  const servers = await startServers({ api: () => spawnReferenceServer('memory', ['--seed', seed.path]) });
  try {
    return [await measure(context, servers.api.url, seed.token)];
  } finally {
    await stopServers(servers);
  }
});

async function measure(context: BenchContext, api: string, token: string) {
  const site = await context.overlaySite();
  const overlay = await context.newBrowserContext();
  const heard = await LiveListener.install(overlay);
  const page = await overlay.newPage();
  await openLiveOverlay(page, toolOverlayAddress(site.overlayUrl, token, api), MODULE);
  const dock = await (await context.newBrowserContext()).newPage();
  await dock.goto(address(site.overlayUrl, '/dock', { token, api }));
  const field = dock.getByLabel('Live value 1', { exact: true });
  await field.waitFor({ timeout: 30_000 });

  let value = 0;
  let lastDockInput = 0;
  const withCall: number[] = [];
  const target = { url: api, token, id: 'bench.writer', key: `${MODULE}:live` };
  const samples = await sampleInterleaved({
    warmup: 5,
    runs: 60,
    variants: {
      ours: async () => {
        await sleep(lastDockInput + QUIET_MS - (performance.timeOrigin + performance.now()));
        const { fromInput, fromCall, inputAt } = await timeDockToChange(dock, heard, ++value);
        lastDockInput = inputAt;
        withCall.push(fromCall);
        return fromInput;
      },
      live: () => timePatchToChange(target, heard, ++value),
      pageFetch: () => timePageFetchToChange(dock, target, heard, ++value),
    },
  });
  const median = (list: number[]) => formatNumber(summarize(list).median);
  return makeRow({
    name: 'dock.latency',
    title: 'dock settings change until the module in the overlay hears change (p50)',
    unit: 'ms',
    samples: samples.ours,
    baseline: samples.live,
    target: { of: 'ratio', op: '<=', limit: 1.5 },
    note:
      `dock and overlay in two browser contexts, one instance; each change on an idle queue (${QUIET_MS} ms after the last); ` +
      `timed from the input event in the dock page; with the bench's call into the dock page (which the baseline does not make) ${median(withCall)} ms; ` +
      `the same PATCH by a bare fetch from the dock page (no queue) ${median(samples.pageFetch)} ms; ` +
      'baseline: an outside PATCH from Node until the module hears it (the live.latency path)',
  });
}

/**
 * Types `value` into the dock's field (as one input event) and waits until the
 * module heard it: from the input event, on the dock page's clock (its time
 * origin plus now() is comparable with Node's on one machine), and from before
 * the bench's call into the page.
 */
async function timeDockToChange(dock: Page, listener: LiveListener, value: number): Promise<{ fromInput: number; fromCall: number; inputAt: number }> {
  const wait = listener.next(value);
  const calledAt = performance.now();
  const inputAt = await dock.getByLabel('Live value 1', { exact: true }).evaluate((input: HTMLInputElement, text) => {
    const at = performance.timeOrigin + performance.now();
    input.value = text;
    input.dispatchEvent(new Event('input', { bubbles: true }));
    return at;
  }, String(value));
  await wait;
  const now = performance.now();
  return { fromInput: performance.timeOrigin + now - inputAt, fromCall: now - calledAt, inputAt };
}

/**
 * The floor of the dock's send: the PATCH the queue would send, made with a bare
 * `fetch` from the dock page, timed from the call in the page (its clock, as above).
 */
async function timePageFetchToChange(dock: Page, target: PatchTarget, listener: LiveListener, value: number): Promise<number> {
  const wait = listener.next(value);
  const sentAt = await dock.evaluate(({ url, token, id, key, value }) => {
    const at = performance.timeOrigin + performance.now();
    const answer = fetch(`${url}/me/database`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ id, key, value }),
    });
    (globalThis as { benchAnswer?: Promise<unknown> }).benchAnswer = answer.then((response) => response.arrayBuffer());
    return at;
  }, { ...target, value });
  await wait;
  const elapsed = performance.timeOrigin + performance.now() - sentAt;
  // The answer is awaited too before the next run, as timePatchToChange does.
  await dock.evaluate(() => (globalThis as { benchAnswer?: Promise<unknown> }).benchAnswer);
  return elapsed;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

function address(base: string, path: string, params: Record<string, string>): string {
  const url = new URL(path, base);
  url.search = new URLSearchParams(params).toString();
  return url.href;
}


export default dockLatency;
