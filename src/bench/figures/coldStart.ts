import { defineFigure } from '../Figure.ts';
import { formatNumber } from '../formatTable.ts';
import { makeRow } from '../makeRow.ts';
import { openFloorTimed } from '../overlay/openFloorTimed.ts';
import { openOverlayTimed, type StartPhases } from '../overlay/openOverlayTimed.ts';
import { sampleInterleaved } from '../sampleInterleaved.ts';
import { summarize } from '../summarize.ts';

const TOOLS = 5;
const WARMUP = 1;
const RUNS = 9;

/**
 * The real overlay page (vite build) opened by its overlay id on loopback, as
 * OBS opens it: exchange, profile, queue, host, five tool modules on their own
 * *.localhost sites. Each run is a fresh browser context (empty cache and
 * storage); the time runs from navigation start until the host has marked
 * every module ready (its SDK connected). Its floor, measured in the same
 * rounds: a bare page putting the same five module pages (with the SDK script)
 * into sandboxed frames on the same five sites, until the last one loaded.
 * `coldstart.cached`: the start of an overlay opened before (its profile in
 * the local database, the HTTP cache emptied), as when OBS starts again.
 */
const coldStart = defineFigure({ name: 'coldstart', order: 60, rows: ['coldstart', 'coldstart.cached'] }, async (context) => {
  const site = await context.overlaySite();
  const tools = site.toolIds.slice(0, TOOLS);
  await site.selectTools(tools);
  const browser = await context.browser();
  const phases: StartPhases[] = [];
  const cachedPhases: StartPhases[] = [];
  const samples = await sampleInterleaved({
    warmup: WARMUP,
    runs: RUNS,
    variants: {
      overlay: async () => {
        const overlay = await openOverlayTimed(browser, site.overlayUrl, TOOLS);
        await overlay.context.close();
        phases.push(overlay.phases);
        return overlay.phases.ready;
      },
      floor: () => openFloorTimed(browser, site.floorUrl(tools)),
      cached: async () => {
        const overlay = await openOverlayTimed(browser, site.overlayUrl, TOOLS, { seenBefore: true });
        await overlay.context.close();
        cachedPhases.push(overlay.phases);
        return overlay.phases.ready;
      },
    },
  });
  const floor = `floor (5 bare sandboxed frames on 5 sites, same module pages) all loaded ${formatNumber(summarize(samples.floor).median)} ms`;
  return [
    makeRow({
      name: 'coldstart',
      title: 'cold start: navigation until all 5 tool modules are ready (p50), against 5 bare frames',
      unit: 'ms',
      samples: samples.overlay,
      baseline: samples.floor,
      target: { of: 'ratio', op: '<=', limit: 1.25 },
      note: `${describePhases(phases.slice(WARMUP))}; ${floor}`,
    }),
    makeRow({
      name: 'coldstart.cached',
      title: 'the same start with the profile cached (opened before, HTTP cache emptied), against 5 bare frames',
      unit: 'ms',
      samples: samples.cached,
      baseline: samples.floor,
      target: { of: 'ratio', op: '<=', limit: 1.25 },
      note: describePhases(cachedPhases.slice(WARMUP)),
    }),
  ];
});

function describePhases(phases: readonly StartPhases[]): string {
  const median = (phase: keyof StartPhases) => formatNumber(summarize(phases.map((p) => p[phase])).median);
  return (
    `medians since navigation start: page script run (DOMContentLoaded) ${median('parsed')} ms, profile received ` +
    `${median('profile')} ms, first module frame inserted ${median('frames')} ms, all 5 ready ${median('ready')} ms`
  );
}

export default coldStart;
