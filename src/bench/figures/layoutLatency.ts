import { DEMO_TOKENS } from '../../server/index.ts';
import { defineFigure } from '../Figure.ts';
import { formatNumber } from '../formatTable.ts';
import { LiveListener } from '../live/LiveListener.ts';
import { timePatchToChange } from '../live/timePatchToChange.ts';
import { makeRow } from '../makeRow.ts';
import { sendAsWebsite } from '../overlay/sendAsWebsite.ts';
import { FrameWatcher } from '../overlay/watchFrames.ts';
import { sampleInterleaved } from '../sampleInterleaved.ts';
import { summarize } from '../summarize.ts';

/**
 * `PUT /me/layout/tool`, sent from Node (another browser, as the home page),
 * until a running tool overlay has moved the module's frame (its new transform
 * is set), against the live latency in the same rounds on the same page and
 * server: an outside PATCH until the same module hears `change` (the path
 * `live.latency` measures, on one instance).
 */
const layoutLatency = defineFigure({ name: 'layout.latency', order: 58 }, async (context) => {
  const site = await context.overlaySite();
  const module = site.toolIds[0]!;
  await site.selectTools([module]);
  const running = await context.newBrowserContext();
  const frames = await FrameWatcher.install(running);
  const heard = await LiveListener.install(running);
  const page = await running.newPage();
  const ready = frames.next((news) => news.id === module && news.ready === true, 60_000);
  await page.goto(site.overlayUrl);
  await ready;
  let step = 0;
  const samples = await sampleInterleaved({
    warmup: 10,
    runs: 100,
    variants: {
      layout: async () => {
        step += 1;
        const x = 100 + (step % 500);
        const moved = frames.next((news) => news.id === module && news.transform?.startsWith(`translate(${x}px,`) === true);
        const startedAt = performance.now();
        await sendAsWebsite('PUT', site.apiUrl, '/me/layout/tool', { boxes: { [module]: { x, y: 100, width: 320, height: 180 } } });
        await moved;
        return performance.now() - startedAt;
      },
      live: () => timePatchToChange({ url: site.apiUrl, token: DEMO_TOKENS.tool, id: 'bench.writer', key: `${module}:live` }, heard, ++step),
    },
  });
  return [
    makeRow({
      name: 'layout.latency',
      title: 'PUT /me/layout until the frame moved in a running overlay (p50), against live.latency in the same run',
      unit: 'ms',
      samples: samples.layout,
      baseline: samples.live,
      target: { of: 'ratio', op: '<=', limit: 1.5 },
      note: `outside PATCH until the same module heard change ${formatNumber(summarize(samples.live).median)} ms (same page, one instance)`,
    }),
  ];
});

export default layoutLatency;
