import { DEMO_PROFILE } from '../../server/index.ts';
import { defineFigure } from '../Figure.ts';
import { formatNumber } from '../formatTable.ts';
import { makeRow } from '../makeRow.ts';
import { openOverlayTimed } from '../overlay/openOverlayTimed.ts';
import { sendAsWebsite } from '../overlay/sendAsWebsite.ts';
import { summarize } from '../summarize.ts';
import { FrameWatcher } from '../overlay/watchFrames.ts';

const RUNS = 9;

/**
 * `PUT /me/selected` adding a tool module, sent from Node (another browser, as
 * the home page), until the host of a running tool overlay marks the new
 * module's frame ready (its SDK connected), against the cold start of the same
 * overlay showing only that module (navigation until that frame is ready, a
 * fresh browser context). Each run adds a module the running overlay has not
 * loaded before, so neither side finds it in a cache. The cold starts run
 * first, then the live adds (both use the one demo user's tool overlay).
 */
const profileLatency = defineFigure({ name: 'profile.latency', order: 61 }, async (context) => {
  const site = await context.overlaySite();
  const [resident, ...added] = site.toolIds.slice(0, RUNS + 2) as [string, ...string[]];
  const browser = await context.browser();
  const cold: number[] = [];
  for (const id of added) {
    await site.selectTools([id]);
    const overlay = await openOverlayTimed(browser, site.overlayUrl, 1);
    await overlay.context.close();
    cold.push(overlay.phases.ready);
  }
  await site.selectTools([resident]);
  const running = await context.newBrowserContext();
  const frames = await FrameWatcher.install(running);
  const page = await running.newPage();
  const residentReady = frames.next((news) => news.id === resident && news.ready === true, 60_000);
  await page.goto(site.overlayUrl);
  await residentReady;
  const live: number[] = [];
  for (const id of added) {
    const ready = frames.next((news) => news.id === id && news.ready === true);
    const startedAt = performance.now();
    await sendAsWebsite('PUT', site.apiUrl, '/me/selected', { ...DEMO_PROFILE.selected, tools: [resident, id] });
    await ready;
    live.push(performance.now() - startedAt);
  }
  // The first of each is a warm-up (process start-up, JIT): dropped from both sides.
  const [liveKept, coldKept] = [live.slice(1), cold.slice(1)];
  return [
    makeRow({
      name: 'profile.latency',
      title: 'PUT /me/selected until the new module is ready in a running overlay (p50), against its cold start',
      unit: 'ms',
      samples: liveKept,
      baseline: coldKept,
      target: { of: 'ratio', op: '<=', limit: 1.25 },
      note: `cold start of the overlay with only that module ${formatNumber(summarize(coldKept).median)} ms (navigation until ready); the running overlay keeps ${resident} running`,
    }),
  ];
});

export default profileLatency;
