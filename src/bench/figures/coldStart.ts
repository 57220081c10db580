import type { Figure } from '../Figure.ts';
import { formatNumber } from '../formatTable.ts';
import { makeRow } from '../makeRow.ts';
import { openOverlayTimed, type StartPhases } from '../overlay/openOverlayTimed.ts';
import { summarize } from '../summarize.ts';

const TOOLS = 5;
const WARMUP = 1;
const RUNS = 9;

/**
 * The real overlay page (vite build) opened by its overlay id on loopback, as
 * OBS opens it: exchange, profile, queue, host, five tool modules on their own
 * *.localhost sites. Each run is a fresh browser context (empty cache and
 * storage); the time runs from navigation start until the host has marked
 * every module ready (its SDK connected).
 */
const coldStart: Figure = {
  name: 'coldstart',
  order: 60,
  rows: ['coldstart'],
  async run(context) {
    const site = await context.overlaySite();
    await site.selectTools(site.toolIds.slice(0, TOOLS));
    const browser = await context.browser();
    const phases: StartPhases[] = [];
    for (let run = 0; run < WARMUP + RUNS; run++) {
      const overlay = await openOverlayTimed(browser, site.overlayUrl, TOOLS);
      await overlay.context.close();
      if (run >= WARMUP) phases.push(overlay.phases);
    }
    const median = (phase: keyof StartPhases) => formatNumber(summarize(phases.map((p) => p[phase])).median);
    const note =
      `medians since navigation start: page script run (DOMContentLoaded) ${median('parsed')} ms, profile received ` +
      `${median('profile')} ms, first module frame inserted ${median('frames')} ms, all 5 ready ${median('ready')} ms`;
    return [
      makeRow({
        name: 'coldstart',
        title: 'cold start: navigation until all 5 tool modules are ready (p50)',
        unit: 'ms',
        samples: phases.map((p) => p.ready),
        target: { of: 'value', op: '<=', limit: 300 },
        note,
      }),
    ];
  },
};

export default coldStart;
