import { performance } from 'node:perf_hooks';
import { DEMO_TOKENS } from '../../server/index.ts';
import type { BenchContext } from '../BenchContext.ts';
import { defineFigure } from '../Figure.ts';
import { formatNumber } from '../formatTable.ts';
import { AlertListener } from '../live/AlertListener.ts';
import { makeRow } from '../makeRow.ts';
import { openLiveOverlay } from '../overlay/openLiveOverlay.ts';
import { ALERT_MODULE } from '../overlay/writeAlertModule.ts';
import { summarize } from '../summarize.ts';

const WARMUP = 10;
const RUNS = 100;

/**
 * `POST /me/events` until the alert handler of a module on the overlay page runs,
 * with the queue empty: the server, the live socket, the page's event feed, the
 * browser's alert queue (leader, IndexedDB, the pages' channel) and the bridge.
 * The floor, from the same POSTs: until the same module's `Overlay.on('event')`
 * hears the event (the event.latency path into a module, without the queue).
 */
const alertLatency = defineFigure({ name: 'alert.latency', order: 59 }, async (context) => {
  return [await measure(context)];
});

async function measure(context: BenchContext) {
  const site = await context.overlaySite();
  await site.selectTools([ALERT_MODULE]);
  const browserContext = await context.newBrowserContext();
  const heard = await AlertListener.install(browserContext, () => performance.now());
  const page = await browserContext.newPage();
  await openLiveOverlay(page, `${site.overlayUrl}&debug=1`, ALERT_MODULE);
  const alerts: number[] = [];
  const events: number[] = [];
  for (let n = 1; n <= WARMUP + RUNS; n += 1) {
    const { alert, event } = await timeAlert(`${site.apiUrl}/me/events`, heard, n);
    if (n <= WARMUP) continue;
    alerts.push(alert);
    events.push(event);
  }
  return makeRow({
    name: 'alert.latency',
    title: 'POST /me/events until a module\'s alert handler runs, queue empty (p50)',
    unit: 'ms',
    samples: alerts,
    baseline: events,
    target: { of: 'ratio', op: '<=', limit: 1.5 },
    note: `max ${formatNumber(summarize(alerts).max)} ms (floor ${formatNumber(summarize(events).max)} ms); baseline: the same POSTs until the same module's Overlay.on('event') hears them; one instance, one overlay page`,
  });
}

/** From sending the POST until the module heard the event and until its alert handler ran, in ms. */
async function timeAlert(url: string, heard: AlertListener, n: number): Promise<{ alert: number; event: number }> {
  const event = heard.next('event', n);
  const alert = heard.next('alert', n);
  const startedAt = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { Authorization: `Bearer ${DEMO_TOKENS.website}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ type: 'custom.bench-alert', event: { n } }),
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`POST /me/events answered ${response.status}`);
  const [alertAt, eventAt] = await Promise.all([alert, event]);
  return { alert: alertAt - startedAt, event: eventAt - startedAt };
}

export default alertLatency;
