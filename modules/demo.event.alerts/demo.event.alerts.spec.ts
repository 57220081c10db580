import { expect, test } from '../../e2e/fixtures.ts';
import { recordAlerts, recordAudio, shownAlerts } from '../../e2e/support/alertBoxRecorder.ts';

const ID = 'demo.event.alerts';

test('a raid from the server shows as an alert', async ({ overlay, page }) => {
  await page.addInitScript(recordAlerts);
  const alerts = await overlay.open({ kind: 'event', modules: [ID] });
  await overlay.emitEvent('channel.raid', { from_broadcaster_user_name: 'CozyCactus', viewers: 248 });
  await expect
    .poll(() => shownAlerts(alerts))
    .toEqual([{ type: 'channel.raid', who: 'CozyCactus', detail: 'with 248 viewers', message: '', test: false, missed: false }]);
  await expect(alerts.getByTestId('alert-who')).toHaveText('CozyCactus');
});

test('each alert plays its chime without a click (as in OBS), never louder than the volume set; sound off is silent', async ({ overlay, page, api }) => {
  await page.addInitScript(recordAudio);
  await api.set(ID, 'volume', 40, 'event');
  const alerts = await overlay.open({ kind: 'event', modules: [ID] });
  const frame = (await (await alerts.iframe.elementHandle())!.contentFrame())!;
  const audio = () => frame.evaluate(() => {
    const log = (window as unknown as { audioLog: { contexts: AudioContext[]; started: number; loudest: number } }).audioLog;
    return { contexts: log.contexts.length, state: log.contexts[0]?.state, started: log.started, loudest: log.loudest };
  });
  expect(await audio()).toEqual({ contexts: 0, state: undefined, started: 0, loudest: 0 });
  await overlay.emitEvent('channel.follow');
  await expect(alerts.getByTestId('alert')).toHaveAttribute('data-state', 'showing');
  await expect.poll(audio).toEqual({ contexts: 1, state: 'running', started: 3, loudest: 0.4 });
  await api.set(ID, 'sound', false, 'event');
  await api.set(ID, 'seconds', 2, 'event');
  await expect.poll(() => frame.evaluate(() => (window as unknown as { Overlay: { settings(): Promise<Record<string, unknown>> } }).Overlay.settings())).toMatchObject({ sound: false, seconds: 2 });
  await overlay.emitEvent('channel.raid');
  await expect(alerts.getByTestId('alert')).toHaveAttribute('data-type', 'channel.raid', { timeout: 15_000 });
  expect((await audio()).started).toBe(3);
});

test('the dock\'s test buttons queue alerts one at a time, marked test; a switched-off type stays silent', async ({ overlay, dock, api, page }) => {
  await page.addInitScript(recordAlerts);
  await api.set(ID, 'seconds', 5, 'event');
  await api.set(ID, 'follows', false, 'event');
  const alerts = await overlay.open({ kind: 'event', modules: [ID] });
  await dock.open([ID], { auth: 'overlay', kind: 'event' });
  await dock.page.getByLabel('User name').fill('Generous_Gal');
  await dock.page.getByLabel('Amount').fill('25');
  await dock.page.getByRole('button', { name: 'Test follow', exact: true }).click();
  await dock.page.getByRole('button', { name: 'Test gift bomb', exact: true }).click();
  await dock.page.getByRole('button', { name: 'Test resub', exact: true }).click();
  // One at a time, in the order pressed; the follow was switched off.
  await expect.poll(() => shownAlerts(alerts), { timeout: 20_000 }).toEqual([
    { type: 'channel.subscription.gift', who: 'Generous_Gal', detail: 'gifted 25 subs', message: '', test: true, missed: false },
    {
      type: 'channel.subscription.message',
      who: 'Generous_Gal',
      detail: '25 months · Tier 1',
      message: 'Love the stream! FevziGG',
      test: true,
      missed: false,
    },
  ]);
  // After the resub the queue is empty.
  const alert = alerts.getByTestId('alert');
  await expect(alert).toHaveAttribute('data-state', 'idle', { timeout: 15_000 });
  await expect(alert).toHaveAttribute('data-type', 'channel.subscription.message');
  expect(await shownAlerts(alerts)).toHaveLength(2);
});

test('events missed while the overlay was off: shown marked, or skipped by the setting', async ({ overlay, page, api }) => {
  await page.addInitScript(recordAlerts);
  await overlay.open({ kind: 'event', modules: [ID] });
  // The first start ever stores where the event history ends a moment after its modules are
  // ready: left before that, the next start would be a first one too and show nothing old.
  await expect.poll(() => page.evaluate(hasEventCursor)).toBe(true);
  await page.goto('about:blank');
  await overlay.emitEvent('channel.cheer', { user_name: 'WhileAway', bits: 300 });
  const alerts = await overlay.open({ kind: 'event', modules: [ID] });
  await expect.poll(() => shownAlerts(alerts)).toMatchObject([{ type: 'channel.cheer', who: 'WhileAway', detail: '300 bits', missed: true }]);
  await api.set(ID, 'missed', 'skip', 'event');
  await page.goto('about:blank');
  await overlay.emitEvent('channel.cheer', { user_name: 'SkippedOne', bits: 5 });
  const again = await overlay.open({ kind: 'event', modules: [ID] });
  // Alerts show one at a time, oldest first: the first one shown is the live raid, not the missed cheer.
  await overlay.emitEvent('channel.raid', { from_broadcaster_user_name: 'LiveRaider', viewers: 3 });
  await expect.poll(() => shownAlerts(again)).toMatchObject([{ type: 'channel.raid', who: 'LiveRaider', missed: false }]);
  await expect(again.getByTestId('alert-who')).toHaveText('LiveRaider');
});

test('an alert waiting when the page starts reaches the alert box whose own script loads after the frame connected', async ({ overlay, page, api }) => {
  await page.addInitScript(recordAlerts);
  await overlay.open({ kind: 'event', modules: [ID] });
  await expect.poll(() => page.evaluate(hasEventCursor)).toBe(true);
  await page.goto('about:blank');
  const cheer = await overlay.emitEvent('channel.cheer', { user_name: 'WhileAway', bits: 300 });
  // The box's main.js comes late (as on a loaded machine): the frame connects, and the queue starts the missed cheer, before it runs.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route((url) => url.pathname.endsWith(`/${ID}/main.js`), async (route) => {
    await held;
    await route.continue();
  });
  const alerts = await overlay.open({ kind: 'event', modules: [ID] });
  await expect.poll(async () => (await api.alerts()).showing?.id).toBe(cheer.id);
  release();
  await expect.poll(() => shownAlerts(alerts)).toMatchObject([{ type: 'channel.cheer', who: 'WhileAway', missed: true }]);
});

test('it takes its alerts from the queue: muted alerts play no chime, and a skip takes the alert off screen at once', async ({ overlay, page, api }) => {
  await page.addInitScript(recordAudio);
  await api.set(ID, 'seconds', 30, 'event');
  const alerts = await overlay.open({ kind: 'event', modules: [ID] });
  await api.alertCommand('mute');
  await expect.poll(async () => (await api.alerts()).muted).toBe(true);
  const raid = await overlay.emitEvent('channel.raid', { from_broadcaster_user_name: 'QuietRaider', viewers: 5 });
  await alerts.alertStarted(raid);
  await expect(alerts.getByTestId('alert-who')).toHaveText('QuietRaider');
  const frame = (await (await alerts.iframe.elementHandle())!.contentFrame())!;
  expect(await frame.evaluate(() => (window as unknown as { audioLog: { started: number } }).audioLog.started)).toBe(0);
  await api.alertCommand('skip');
  await expect(alerts.getByTestId('alert')).toHaveAttribute('data-state', 'idle');
  await alerts.alertEnded(raid);
});

/** True once the page's local database holds an event cursor (`['events', userId, kind]`). */
function hasEventCursor(): Promise<boolean> {
  return new Promise((resolve) => {
    const open = indexedDB.open('overlay-queue');
    // Not created by the page yet: do not create it here.
    open.onupgradeneeded = () => open.transaction?.abort();
    open.onerror = () => resolve(false);
    open.onsuccess = () => {
      const db = open.result;
      try {
        const keys = db.transaction('entries', 'readonly').objectStore('entries').getAllKeys();
        keys.onsuccess = () => resolve(keys.result.some((key) => Array.isArray(key) && key[0] === 'events'));
        keys.onerror = () => resolve(false);
      } catch {
        resolve(false);
      } finally {
        db.close();
      }
    };
  });
}
