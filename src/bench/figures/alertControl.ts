import { performance } from 'node:perf_hooks';
import { ALERTS_PATH } from '../../api/index.ts';
import type { BenchContext } from '../BenchContext.ts';
import { defineFigure } from '../Figure.ts';
import { AlertListener } from '../live/AlertListener.ts';
import { LiveListener } from '../live/LiveListener.ts';
import { timePatchToChange } from '../live/timePatchToChange.ts';
import { makeRow } from '../makeRow.ts';
import { sendAsWebsite } from '../overlay/sendAsWebsite.ts';
import { openLiveOverlay, toolOverlayAddress } from '../overlay/openLiveOverlay.ts';
import { writeToolSeed } from '../overlay/writeToolSeed.ts';
import { ALERT_MODULE } from '../overlay/writeAlertModule.ts';
import { sampleInterleaved } from '../sampleInterleaved.ts';
import { percentile } from '../summarize.ts';
import { spawnReferenceServer } from '../server/spawnServer.ts';
import { startServers, stopServers } from '../server/startServers.ts';
import { withRedis } from '../server/withRedis.ts';

/**
 * `POST /me/alerts/skip` to API instance A until the signal of the alert showing
 * in a module on an overlay page connected to instance B (both on one Redis)
 * aborts: the command, the live channel across instances, the page's queue and
 * the bridge. The floor, in the same rounds: live.latency's path to the same
 * module (an outside PATCH through A until it hears `change`).
 */
/** The bound for a command to reach every page of the streamer, on any instance. */
const DELIVERY_MS = 250;

const alertControl = defineFigure({ name: 'alert.control', order: 59 }, async (context) => {
  const seed = await writeToolSeed(context, 'alert-seed', [ALERT_MODULE]);
  return withRedis(async (redis) => {
    const flags = ['--seed', seed.path];
    const servers = await startServers({ a: () => spawnReferenceServer(redis.url, flags), b: () => spawnReferenceServer(redis.url, flags) });
    try {
      return [await measure(context, servers, seed.token)];
    } finally {
      await stopServers(servers);
    }
  });
});

async function measure(context: BenchContext, servers: Record<'a' | 'b', { url: string }>, token: string) {
  const site = await context.overlaySite();
  const browserContext = await context.newBrowserContext();
  const alerts = await AlertListener.install(browserContext, () => performance.now());
  const changes = await LiveListener.install(browserContext);
  const page = await browserContext.newPage();
  await openLiveOverlay(page, toolOverlayAddress(site.overlayUrl, token, servers.b.url), ALERT_MODULE);
  let n = 0;
  let value = 0;
  const samples = await sampleInterleaved({
    warmup: 5,
    runs: 60,
    variants: {
      ours: () => timeSkip(servers.a.url, alerts, ++n),
      live: () => timePatchToChange({ url: servers.a.url, token, id: 'bench.writer', key: `${ALERT_MODULE}:live` }, changes, ++value),
    },
  });
  const p95 = percentile([...samples.ours].sort((x, y) => x - y), 0.95);
  return makeRow({
    name: 'alert.control',
    title: 'POST /me/alerts/skip until the showing alert\'s signal aborts in a page on another instance (p50)',
    unit: 'ms',
    samples: samples.ours,
    baseline: samples.live,
    target: { of: 'ratio', op: '<=', limit: 1.5, also: `p95 <= ${DELIVERY_MS} ms` },
    also: p95 <= DELIVERY_MS,
    note: `p95 ${p95.toFixed(1)} ms; skip to instance A, page on instance B, one Redis; baseline: live.latency's path to the same module in the same rounds (PATCH through A until it hears change)`,
  });
}

/** Shows alert `n` (untimed), then times the skip until the module's signal aborted. */
async function timeSkip(api: string, heard: AlertListener, n: number): Promise<number> {
  const started = heard.next('alert', n);
  await sendAsWebsite('POST', api, '/me/events', { type: 'custom.bench-hold', event: { n, hold: true } });
  await started;
  const aborted = heard.next('abort', n);
  const startedAt = performance.now();
  const answer = sendAsWebsite('POST', api, `${ALERTS_PATH}/skip`);
  const at = await aborted;
  await answer;
  return at - startedAt;
}


export default alertControl;
