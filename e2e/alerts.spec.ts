import { expect, test } from './fixtures.ts';
import type { ModuleFrame } from './support/ModuleFrame.ts';
import { OverlayPage } from './support/OverlayPage.ts';

/** One line of a test alert module's log (e2e/modules/test.alerts.*). */
interface Logged {
  what: 'start' | 'end' | 'abort';
  id: string;
  at: number;
  muted: boolean;
  missed: boolean;
  replayed: boolean;
}

async function alertLog(module: ModuleFrame): Promise<Logged[]> {
  const frame = await (await module.iframe.elementHandle())!.contentFrame();
  return frame!.evaluate(() => (window as unknown as { alertLog: Logged[] }).alertLog);
}

/** The [start, end] of each alert in a log, in order. */
function spans(log: Logged[]): { id: string; from: number; to: number }[] {
  return log.flatMap((line, i) => {
    if (line.what !== 'start') return [];
    const end = log.slice(i + 1).find((other) => other.id === line.id && other.what !== 'start');
    return [{ id: line.id, from: line.at, to: end?.at ?? Number.POSITIVE_INFINITY }];
  });
}

test.describe('the alert queue', () => {
  test('two alert modules on two overlay pages of one browser show every alert, one at a time, never overlapping', async ({ overlay, api, page }) => {
    const one = await overlay.open({ kind: 'tool', modules: ['test.alerts.one'] });
    const second = new OverlayPage(await page.context().newPage(), api);
    const two = await second.open({ kind: 'event', modules: ['test.alerts.two'] });
    const posted = [];
    // The first long enough to be seen showing on both pages at once.
    for (let n = 0; n < 3; n += 1) posted.push(await overlay.emitEvent('custom.alert', { n, hold_ms: n === 0 ? 3000 : 400 }));
    await one.alertStarted(posted[0]!);
    await two.alertStarted(posted[0]!);
    for (const module of [one, two]) await module.alertEnded(posted[2]!, 20_000);
    const logs = [await alertLog(one), await alertLog(two)];
    for (const log of logs) expect(spans(log).map((span) => span.id)).toEqual(posted.map((event) => event.id));
    // Across both pages: each alert starts after every module ended the one before.
    for (let n = 1; n < posted.length; n += 1) {
      const ended = Math.max(...logs.map((log) => spans(log)[n - 1]!.to));
      const started = Math.min(...logs.map((log) => spans(log)[n]!.from));
      expect(started).toBeGreaterThanOrEqual(ended);
    }
    // A chat message never enters the queue.
    const chat = await overlay.emitEvent('channel.chat.message');
    const after = await overlay.emitEvent('custom.alert', { hold_ms: 50 });
    await one.alertEnded(after);
    expect(spans(await alertLog(one)).map((span) => span.id)).not.toContain(chat.id);
  });

  test('a reload mid-queue loses no alert and shows none twice: the one showing starts again', async ({ overlay }) => {
    const one = await overlay.open({ kind: 'tool', modules: ['test.alerts.one'] });
    const first = await overlay.emitEvent('custom.alert', { hold_ms: 3000 });
    const second = await overlay.emitEvent('custom.alert', { hold_ms: 200 });
    const third = await overlay.emitEvent('custom.alert', { hold_ms: 200 });
    await one.alertStarted(first);
    await overlay.page.reload();
    await one.waitUntilReady();
    await one.alertEnded(third, 20_000);
    expect((await alertLog(one)).map((line) => `${line.what} ${line.id}`)).toEqual([
      `start ${first.id}`,
      `end ${first.id}`,
      `start ${second.id}`,
      `end ${second.id}`,
      `start ${third.id}`,
      `end ${third.id}`,
    ]);
  });

  test('pause, mute, skip and clear from the API reach the page and its modules', async ({ overlay, api }) => {
    const one = await overlay.open({ kind: 'tool', modules: ['test.alerts.one'] });
    await expect(one.getByTestId('switches')).toHaveText('paused false, muted false');
    await api.alertCommand('pause');
    await expect(one.getByTestId('switches')).toHaveText('paused true, muted false');
    const held = await overlay.emitEvent('custom.alert', { hold_ms: 60_000 });
    await expect.poll(() => api.alerts()).toMatchObject({ paused: true, waiting: 1, showing: null, held: 'paused' });
    await api.alertCommand('mute');
    await expect(one.getByTestId('switches')).toHaveText('paused true, muted true');
    await api.alertCommand('resume');
    await one.alertStarted(held);
    expect((await alertLog(one))[0]).toMatchObject({ what: 'start', id: held.id, muted: true });
    await expect.poll(() => api.alerts()).toMatchObject({ showing: { id: held.id }, waiting: 0 });
    const dropped = [await overlay.emitEvent('custom.alert'), await overlay.emitEvent('custom.alert')];
    await expect.poll(async () => (await api.alerts()).waiting).toBe(2);
    await api.alertCommand('clear');
    await expect.poll(async () => (await api.alerts()).waiting).toBe(0);
    await api.alertCommand('skip');
    await one.alertEnded(held);
    await expect(one.getByTestId('alert-state')).toHaveText(`abort ${held.id}`);
    const kept = await overlay.emitEvent('custom.alert', { hold_ms: 50 });
    await one.alertEnded(kept);
    const shown = spans(await alertLog(one)).map((span) => span.id);
    expect(shown).toEqual([held.id, kept.id]);
    expect(shown).not.toContain(dropped[0]!.id);
  });

  test('in OBS, no alert starts while the source is out of the program output', async ({ overlay, api, page }) => {
    // A stand-in for OBS's browser source: `window.obsstudio` and its `obsSourceActiveChanged` events.
    await page.addInitScript(() => {
      (window as unknown as { obsstudio: object }).obsstudio = { pluginVersion: '2.24.3' };
    });
    const one = await overlay.open({ kind: 'tool', modules: ['test.alerts.one'] });
    const obsActive = (active: boolean) => page.evaluate((value) => window.dispatchEvent(new CustomEvent('obsSourceActiveChanged', { detail: { active: value } })), active);
    await obsActive(false);
    const waiting = await overlay.emitEvent('custom.alert', { hold_ms: 50 });
    await expect.poll(() => api.alerts()).toMatchObject({ waiting: 1, showing: null, held: 'hidden' });
    expect(await alertLog(one)).toEqual([]);
    await obsActive(true);
    await one.alertEnded(waiting);
    expect(spans(await alertLog(one)).map((span) => span.id)).toEqual([waiting.id]);
  });

  test('modules that throw, never settle, or end alerts they never got cannot stall the queue or cut another module short', async ({ overlay }) => {
    const one = await overlay.open({ kind: 'tool', modules: ['test.alerts.one', 'test.hostile.alerts', 'test.hostile.alertthrow'] });
    const first = await overlay.emitEvent('custom.alert', { hold_ms: 800 });
    const second = await overlay.emitEvent('custom.alert', { hold_ms: 800 });
    // The silent module ends each alert after its alertSeconds (2 s): both show well within the test's time.
    await one.alertEnded(second, 15_000);
    await expect(overlay.module('test.hostile.alerts').getByTestId('state')).toHaveText('got 2');
    await expect(overlay.module('test.hostile.alertthrow').getByTestId('state')).toHaveText('threw 2');
    const shown = spans(await alertLog(one));
    expect(shown.map((span) => span.id)).toEqual([first.id, second.id]);
    for (const span of shown) expect(span.to - span.from).toBeGreaterThanOrEqual(790);
    // The second waited for the silent module's 2 s, not for ever.
    expect(shown[1]!.from - shown[0]!.from).toBeGreaterThanOrEqual(1900);
    for (const id of ['test.alerts.one', 'test.hostile.alerts', 'test.hostile.alertthrow']) expect(await overlay.module(id).state()).toBe('ready');
  });
});
