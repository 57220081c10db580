import { performance } from 'node:perf_hooks';
import type { Frame, Page } from 'playwright-core';
import { DEMO_OVERLAY_IDS, DEMO_TOKENS } from '../../server/index.ts';
import type { BenchContext } from '../BenchContext.ts';
import { defineFigure } from '../Figure.ts';
import { formatNumber } from '../formatTable.ts';
import { AlertListener } from '../live/AlertListener.ts';
import { makeRow } from '../makeRow.ts';
import { sendAsWebsite } from '../overlay/sendAsWebsite.ts';
import { makeNoisePng } from '../overlay/makeNoisePng.ts';
import { summarize } from '../summarize.ts';

const WARMUP = 3;
const RUNS = 20;
const ALERT_BOX = 'demo.event.alerts';
const WAIT = { timeout: 15_000, polling: 'raf' as const };
/** 400 x 400 noise: a ~480 KB picture, the size of a short alert GIF. */
const SIDE = 400;

/**
 * `POST /me/events` (a cheer) until the alert box on the event overlay has its picture decoded,
 * a fresh one each run (a new media id: no cache has it). The floor, in the same runs: the same
 * POST until the alert box's `Overlay.on('event')` hears it (the event path into a module), plus
 * one fetch of another fresh file of the same size from the alert box's frame. The difference is
 * the queue, the module's settings, and the picture's decoding.
 */
const alertMedia = defineFigure({ name: 'alert.media', order: 59 }, async (context) => {
  return [await measure(context)];
});

async function measure(context: BenchContext) {
  const site = await context.overlaySite();
  const browserContext = await context.newBrowserContext();
  const heard = await AlertListener.install(browserContext, () => performance.now());
  await browserContext.addInitScript({ content: REPORT_PICTURES });
  const page = await browserContext.newPage();
  await page.goto(`${site.apiUrl.replace(/\/api$/, '')}/?overlay=${DEMO_OVERLAY_IDS.event}`);
  const frame = await alertBoxFrame(page);
  await writeSetting(site.apiUrl, 'seconds', 30);
  const media: number[] = [];
  const floor: number[] = [];
  for (let n = 1; n <= WARMUP + RUNS; n += 1) {
    const picture = await upload(site.apiUrl, `cheer-${n}.png`);
    const other = await upload(site.apiUrl, `floor-${n}.png`);
    await writeSetting(site.apiUrl, 'cheerImage', picture.id);
    await frame.waitForFunction((id) => (document.body.dataset.benchImage ?? '').endsWith(`/${id}`), picture.id, WAIT);
    const run = await timeRun(site.apiUrl, heard, frame, n, picture.id, other.url);
    if (n <= WARMUP) continue;
    media.push(run.media);
    floor.push(run.event + run.fetch);
  }
  return makeRow({
    name: 'alert.media',
    title: 'POST a cheer until the alert box has its picture decoded, not cached (p50)',
    unit: 'ms',
    samples: media,
    baseline: floor,
    target: { of: 'ratio', op: '<=', limit: 2 },
    note: `max ${formatNumber(summarize(media).max)} ms (floor ${formatNumber(summarize(floor).max)} ms); floor: the same POST until the alert box's Overlay.on('event') hears it + one fetch of another ${Math.round((SIDE * SIDE * 3) / 1024)} KB file from its frame; one instance, sqlite`,
  });
}

/**
 * In the alert box's frame: reports each event it hears (`event`, by its `n`) and each picture
 * decoded while an alert shows (`media`, by its media id); keeps the cheer picture's URL its
 * settings give in `data-bench-image`, so the bench knows when a new one is in place. A string,
 * not a function: tsx would wrap a function's inner functions in a helper the frame lacks.
 */
const REPORT_PICTURES = `document.addEventListener('DOMContentLoaded', () => {
  const box = document.querySelector('[data-testid="alert"]');
  const image = box && box.querySelector('[data-testid="alert-image"]');
  if (!image || !window.Overlay) return;
  Overlay.on('event', (record) => window.benchAlert?.('event', record.event?.n));
  const readSettings = () => Overlay.settings().then((settings) => { document.body.dataset.benchImage = String(settings.cheerImage ?? ''); });
  Overlay.on('change', () => void readSettings());
  void Overlay.ready.then(readSettings);
  new MutationObserver(() => {
    if (box.dataset.state === 'showing' && !image.hidden) void image.decode().then(() => window.benchAlert?.('media', image.src.split('/').pop()));
  }).observe(box, { attributeFilter: ['data-state'] });
});`;

/** One run: the POST, the event heard, the picture decoded; then the floor's fetch, and the alert skipped. */
async function timeRun(apiUrl: string, heard: AlertListener, frame: Frame, n: number, pictureId: string, otherUrl: string) {
  const event = heard.next('event', n);
  const decoded = heard.next('media', pictureId);
  const startedAt = performance.now();
  await sendAsWebsite('POST', apiUrl, '/me/events', { type: 'channel.cheer', event: { user_name: 'Bench_Cheerer', bits: 100, message: '', n } });
  const [eventAt, decodedAt] = await Promise.all([event, decoded]);
  const fetchMs = await frame.evaluate(async (url) => {
    const started = performance.now();
    await (await fetch(url)).arrayBuffer();
    return performance.now() - started;
  }, otherUrl);
  await sendAsWebsite('POST', apiUrl, '/me/alerts/skip', {});
  await frame.waitForFunction(() => document.querySelector<HTMLElement>('[data-testid="alert"]')?.dataset.state === 'idle', undefined, WAIT);
  return { media: decodedAt - startedAt, event: eventAt - startedAt, fetch: fetchMs };
}

/** The alert box's frame once its SDK is connected. */
async function alertBoxFrame(page: Page): Promise<Frame> {
  const iframe = page.locator(`iframe[data-module-id="${ALERT_BOX}"][data-state="ready"]`);
  await iframe.waitFor({ timeout: 30_000 });
  return (await (await iframe.elementHandle())!.contentFrame())!;
}

async function upload(apiUrl: string, name: string): Promise<{ id: string; url: string }> {
  const response = await fetch(`${apiUrl}/me/media?name=${name}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${DEMO_TOKENS.website}`, 'Content-Type': 'image/png' },
    body: new Uint8Array(makeNoisePng(SIDE, SIDE)),
  });
  if (response.status !== 201) throw new Error(`POST /me/media answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { id: string; url: string };
}

async function writeSetting(apiUrl: string, key: string, value: unknown): Promise<void> {
  const response = await fetch(`${apiUrl}/me/database`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${DEMO_TOKENS.event}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ id: ALERT_BOX, key, value }),
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`PATCH /me/database answered ${response.status}`);
}

export default alertMedia;
