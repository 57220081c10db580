import { fileURLToPath } from 'node:url';
import type { BenchContext } from '../BenchContext.ts';
import { defineFigure } from '../Figure.ts';
import { formatNumber } from '../formatTable.ts';
import { LiveListener } from '../live/LiveListener.ts';
import { timePatchToChange } from '../live/timePatchToChange.ts';
import { makeRow } from '../makeRow.ts';
import { openLiveOverlay, toolOverlayAddress } from '../overlay/openLiveOverlay.ts';
import { writeToolSeed } from '../overlay/writeToolSeed.ts';
import { toolModuleId } from '../overlay/writeToolModules.ts';
import { sampleInterleaved } from '../sampleInterleaved.ts';
import { spawnListening, spawnReferenceServer } from '../server/spawnServer.ts';
import { startServers, stopServers } from '../server/startServers.ts';
import { withRedis } from '../server/withRedis.ts';

const BARE_LIVE = new URL('../live/liveBareServer.ts', import.meta.url);
const TSX_LOADER = new URL('../../../node_modules/tsx/dist/loader.mjs', import.meta.url).href;
const MODULE = toolModuleId(0);

/**
 * An outside PATCH through API instance A until the module on an
 * overlay page connected to instance B (both on one Redis) hears `change`,
 * through B's live endpoint, the page's live sync and the module bridge. The
 * floor, measured in the same rounds: a bare node:http server that pushes the
 * same JSON to a bare page over a raw WebSocket as it answers the PATCH.
 */
const liveLatency = defineFigure({ name: 'live.latency', order: 57 }, async (context) => {
  const seed = await writeToolSeed(context, 'live-seed', [MODULE]);
  return withRedis(async (redis) => {
    const flags = ['--seed', seed.path];
    const servers = await startServers({
      a: () => spawnReferenceServer(redis.url, flags),
      b: () => spawnReferenceServer(redis.url, flags),
      bare: () => spawnListening(process.execPath, ['--import', TSX_LOADER, fileURLToPath(BARE_LIVE)]),
    });
    try {
      return [await measure(context, servers, seed.token)];
    } finally {
      await stopServers(servers);
    }
  });
});

async function measure(context: BenchContext, servers: Record<'a' | 'b' | 'bare', { url: string }>, token: string) {
  const site = await context.overlaySite();
  const overlay = await context.newBrowserContext();
  const heardOverlay = await LiveListener.install(overlay);
  const page = await overlay.newPage();
  await openLiveOverlay(page, toolOverlayAddress(site.overlayUrl, token, servers.b.url), MODULE);

  const bare = await context.newBrowserContext();
  const heardBare = await LiveListener.install(bare);
  const barePage = await bare.newPage();
  await barePage.goto(servers.bare.url);
  await barePage.waitForFunction(() => document.title === 'open');

  let value = 0;
  const target = { token, id: 'bench.writer', key: `${MODULE}:live` };
  const samples = await sampleInterleaved({
    warmup: 10,
    runs: 200,
    variants: {
      ours: () => timePatchToChange({ ...target, url: servers.a.url }, heardOverlay, ++value),
      bare: () => timePatchToChange({ ...target, url: servers.bare.url }, heardBare, ++value),
    },
  });
  const note = `p99 ${formatNumber(p99(samples.ours))} ms (floor ${formatNumber(p99(samples.bare))} ms); PATCH to instance A, page on instance B, one Redis`;
  return makeRow({
    name: 'live.latency',
    title: 'outside PATCH until the module hears change, across two instances (p50)',
    unit: 'ms',
    samples: samples.ours,
    baseline: samples.bare,
    target: { of: 'ratio', op: '<=', limit: 2 },
    note,
  });
}

function p99(samples: readonly number[]): number {
  const sorted = [...samples].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)]!;
}


export default liveLatency;
