import { defineFigure, type Row } from '../Figure.ts';
import { launchBenchBrowserWithPid } from '../browser/launchBenchBrowser.ts';
import { rendererMemoryMB } from '../browser/rendererMemory.ts';
import type { BenchContext } from '../BenchContext.ts';
import { makeRow } from '../makeRow.ts';
import { openOverlayTimed } from '../overlay/openOverlayTimed.ts';
import { summarize } from '../summarize.ts';

const COUNTS = [1, 10, 50] as const;
const WARMUP = 1;
const RUNS = 3;
/** "No worse than linear", with room for this machine's run-to-run noise. */
const GROWTH_LIMIT = 1.2;

interface Point {
  readyMs: number[];
  memoryMB: number[];
}

/**
 * The overlay with 1, 10 and 50 tool modules (each on its own site, so in its
 * own renderer process): time until all are ready, and the memory of all
 * renderer processes (PSS) once they are. The 50-module figure is compared
 * with the straight line through the 1- and 10-module figures.
 */
const scaling = defineFigure({ name: 'scaling', order: 70, rows: [...COUNTS.map((n) => `scaling.ready.${n}`), ...COUNTS.map((n) => `scaling.memory.${n}`)] }, async (context) => {
  const site = await context.overlaySite();
  // A browser of its own, so that only this figure's pages count in its renderers' memory.
  const { browser, pid, close } = await launchBenchBrowserWithPid();
  try {
    const points = new Map<number, Point>();
    for (const count of COUNTS) {
      await site.selectTools(site.toolIds.slice(0, count));
      points.set(count, await measurePoint(context, browser, pid, site.overlayUrl, count));
    }
    return [...rows(points, 'ready', 'ms', (p) => p.readyMs), ...rows(points, 'memory', 'MB', (p) => p.memoryMB)];
  } finally {
    await close();
  }
});

async function measurePoint(context: BenchContext, browser: Awaited<ReturnType<typeof launchBenchBrowserWithPid>>['browser'], pid: number, url: string, count: number): Promise<Point> {
  const point: Point = { readyMs: [], memoryMB: [] };
  for (let run = 0; run < WARMUP + RUNS; run++) {
    const overlay = await openOverlayTimed(browser, url, count);
    // Let the modules finish their first read before weighing them.
    await overlay.page.waitForTimeout(1000);
    const memory = await rendererMemoryMB(pid);
    await overlay.context.close();
    if (run < WARMUP) continue;
    point.readyMs.push(overlay.readyMs);
    point.memoryMB.push(memory);
  }
  context.log(`scaling: ${count} module(s) ready in ${summarize(point.readyMs).median.toFixed(0)} ms`);
  return point;
}

/** One row per count; the largest carries the comparison with linear growth from the two smaller ones. */
function rows(points: Map<number, Point>, what: 'ready' | 'memory', unit: string, pick: (p: Point) => number[]): Row[] {
  const [small, middle, large] = COUNTS.map((n) => summarize(pick(points.get(n)!)).median) as [number, number, number];
  const perModule = (middle - small) / (COUNTS[1] - COUNTS[0]);
  const linear = small + perModule * (COUNTS[2] - COUNTS[0]);
  const title = what === 'ready' ? 'time until every module is ready' : 'memory of the page and its module frames (renderer PSS)';
  return COUNTS.map((count) => {
    const samples = pick(points.get(count)!);
    if (count !== COUNTS[2]) return makeRow({ name: `scaling.${what}.${count}`, title: `${title}, ${count} module(s)`, unit, samples });
    return makeRow({
      name: `scaling.${what}.${count}`,
      title: `${title}, ${count} modules, vs the line through 1 and 10`,
      unit,
      samples,
      baseline: [linear],
      target: { of: 'ratio', op: '<=', limit: GROWTH_LIMIT },
      note: `${what === 'ready' ? 'ready time' : 'memory'} per added module: ${perModule.toFixed(1)} ${unit} from 1 to 10, ${((large - middle) / (COUNTS[2] - COUNTS[1])).toFixed(1)} ${unit} from 10 to 50`,
    });
  });
}

export default scaling;
