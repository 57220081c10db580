import type { StreamEvent } from '../src/api/index.ts';
import { createSqliteAlertStore } from '../src/server/index.ts';
import { connectLive, type LiveTestClient } from '../src/server/testing/liveTestClient.ts';
import { expect, test } from './fixtures.ts';

// The dock's Alerts section against the reference server: the toggles show the stored switches and change them,
// skip and clear reach the overlays' live sockets, and the status line follows what an overlay page reports.

const RAID: StreamEvent = {
  id: 'raid-1',
  at: 1_764_288_000_000,
  source: 'twitch',
  test: false,
  subscription: { type: 'channel.raid', version: '1' },
  event: { from_broadcaster_user_name: 'Pabu_Master', viewers: 12 },
};

let socket: LiveTestClient | undefined;
test.afterEach(async () => {
  await socket?.close();
  socket = undefined;
});

/** A live socket of the event overlay, as an overlay page holds one. */
async function overlaySocket(url: string, token: string): Promise<LiveTestClient> {
  socket = await connectLive(url);
  expect(await socket.auth(token)).toMatchObject({ type: 'ready' });
  return socket;
}

test('the toggles show the stored state and change it; skip reaches an overlay; the line follows reports', async ({ dock, api }) => {
  await api.alertCommand('pause');
  await dock.openAlerts();
  await expect(dock.alertsControl('Pause alerts')).toHaveAttribute('aria-pressed', 'true');
  await expect(dock.alertsControl('Mute alerts')).toHaveAttribute('aria-pressed', 'false');
  await expect(dock.alertsLine).toHaveText('Paused · 0 waiting');
  const overlay = await overlaySocket(api.url, api.tokens.event);

  await dock.alertsControl('Pause alerts').click();
  await expect(dock.alertsControl('Pause alerts')).toHaveAttribute('aria-pressed', 'false');
  expect(await overlay.next(10_000)).toMatchObject({ type: 'alerts', state: { paused: false } });
  await api.reportAlerts({ showing: RAID, waiting: 3 });
  await expect(dock.alertsLine).toHaveText('Showing: raid from Pabu_Master · 3 waiting');

  await dock.alertsControl('Skip alert').click();
  expect(await overlay.next(10_000)).toMatchObject({ type: 'alerts' });
  expect(await overlay.next(10_000)).toMatchObject({ type: 'alertCommand', command: 'skip' });

  // A Stream Deck button elsewhere: the dock hears it live.
  await api.alertCommand('mute');
  await expect(dock.alertsControl('Mute alerts')).toHaveAttribute('aria-pressed', 'true');
  await dock.alertsControl('Pause alerts').click();
  await api.reportAlerts({ showing: null, waiting: 5, held: 'paused' });
  await expect(dock.alertsLine).toHaveText('Paused · 5 waiting · muted');
  expect(await api.alerts()).toMatchObject({ paused: true, muted: true, waiting: 5 });
  await api.reportAlerts({ showing: null, waiting: 2, held: 'hidden', dropped: 9 });
  await expect(dock.alertsLine).toContainText('not in OBS’s program output');
  await expect(dock.alertsLine).toContainText('9 dropped');
});

test('at 280 px, by keyboard alone: every control fits, and Clear waiting alerts asks first', async ({ dock, api }) => {
  await dock.page.setViewportSize({ width: 280, height: 900 });
  await dock.openAlerts();
  const overlay = await overlaySocket(api.url, api.tokens.event);
  const { keyboard } = dock.page;
  await dock.alertsControl('Pause alerts').focus();
  await keyboard.press('Space');
  await expect(dock.alertsControl('Pause alerts')).toHaveAttribute('aria-pressed', 'true');
  await keyboard.press('Tab');
  await expect(dock.alertsControl('Mute alerts')).toBeFocused();
  await keyboard.press('Enter');
  await expect(dock.alertsControl('Mute alerts')).toHaveAttribute('aria-pressed', 'true');
  await keyboard.press('Tab');
  await expect(dock.alertsControl('Skip alert')).toBeFocused();
  await keyboard.press('Enter');
  expect((await Promise.all([overlay.next(10_000), overlay.next(10_000), overlay.next(10_000)])).map((m) => m.type)).toEqual(['alerts', 'alerts', 'alertCommand']);

  await keyboard.press('Tab');
  await expect(dock.alertsControl('Clear waiting alerts')).toBeFocused();
  await keyboard.press('Enter');
  const question = dock.page.getByRole('group', { name: 'Drop the 0 alerts waiting now, on every overlay?' });
  await expect(question).toBeVisible();
  await expect(question.getByRole('button', { name: 'Keep them' })).toBeFocused();
  await keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(dock.alertsControl('Clear waiting alerts')).toBeFocused();
  await keyboard.press('Enter');
  await keyboard.press('Enter');
  await expect(question).toBeHidden();
  // Nothing was cleared by Escape or Keep them: the next message an overlay hears is this unmute's state.
  await dock.alertsControl('Mute alerts').focus();
  await keyboard.press('Enter');
  expect(await overlay.next(10_000)).toMatchObject({ type: 'alerts', state: { muted: false } });

  await dock.alertsControl('Clear waiting alerts').focus();
  await keyboard.press('Enter');
  await keyboard.press('Shift+Tab');
  await expect(question.getByRole('button', { name: 'Clear them' })).toBeFocused();
  await keyboard.press('Enter');
  expect(await overlay.next(10_000)).toMatchObject({ type: 'alertCommand', command: 'clear' });
  await expect(question).toBeHidden();

  for (const name of ['Pause alerts', 'Mute alerts', 'Skip alert', 'Clear waiting alerts']) {
    const box = (await dock.alertsControl(name).boundingBox())!;
    expect(box.x + box.width, name).toBeLessThanOrEqual(280);
  }
  const scroll = await dock.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(scroll).toBeLessThanOrEqual(0);
});

test('a dock that lost its live connection reads the stored state once back (the messages are never replayed)', async ({ dock, api }, testInfo) => {
  await dock.openAlerts();
  await expect(dock.alertsControl('Pause alerts')).toHaveAttribute('aria-pressed', 'false');
  await api.stop();
  // Paused while the dock could hear nothing: straight in the stopped server's SQLite file, as the fixture names it.
  const store = createSqliteAlertStore(testInfo.outputPath('api.sqlite'));
  await store.change(api.profile.user.userId, { name: 'paused', to: true });
  await store.close();
  await api.start();
  await expect(dock.alertsControl('Pause alerts')).toHaveAttribute('aria-pressed', 'true', { timeout: 30_000 });
  await expect(dock.alertsLine).toHaveText('Paused · 0 waiting');
});
