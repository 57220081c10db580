import type { Figure } from '../Figure.ts';
import { makeRow } from '../makeRow.ts';
import { openOverlayTimed } from '../overlay/openOverlayTimed.ts';

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
    const samples: number[] = [];
    for (let run = 0; run < WARMUP + RUNS; run++) {
      const overlay = await openOverlayTimed(browser, site.overlayUrl, TOOLS);
      await overlay.context.close();
      if (run >= WARMUP) samples.push(overlay.readyMs);
    }
    return [
      makeRow({
        name: 'coldstart',
        title: 'cold start: navigation until all 5 tool modules are ready (p50)',
        unit: 'ms',
        samples,
        target: { of: 'value', op: '<=', limit: 300 },
      }),
    ];
  },
};

export default coldStart;
