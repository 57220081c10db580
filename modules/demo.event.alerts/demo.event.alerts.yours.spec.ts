import { expect, test } from '../../e2e/fixtures.ts';
import { recordAlerts, shownAlerts } from '../../e2e/support/alertBoxRecorder.ts';

// The alert box made the streamer's own (docs/alerts.md, "The alert box's settings"): their
// words with placeholders, minimums, big variations, gift bombs as one alert, their pictures.
const ID = 'demo.event.alerts';

test('a message set in the dock shows with its placeholders filled, as does one written to the settings store', async ({ overlay, dock, api, page }) => {
  await page.addInitScript(recordAlerts);
  await api.set(ID, 'seconds', 2, 'event');
  await api.set(ID, 'raidMessage', '{name} brings {amount:friend:friends}!', 'event');
  await dock.open([ID], { auth: 'overlay', kind: 'event' });
  await dock.openGroup('Cheers');
  await dock.setting('Cheer message').fill('{name} just threw {amount} bits! | {message}');
  await expect.poll(() => api.get(ID, 'cheerMessage', 'event')).toBe('{name} just threw {amount} bits! | {message}');
  const alerts = await overlay.open({ kind: 'event', modules: [ID] });
  await overlay.emitEvent('channel.cheer', { user_name: 'Bit_Boss', bits: 300, message: 'hype' });
  await overlay.emitEvent('channel.raid', { from_broadcaster_user_name: 'Lone_Raider', viewers: 1 });
  await expect.poll(() => shownAlerts(alerts), { timeout: 20_000 }).toEqual([
    { type: 'channel.cheer', who: 'Bit_Boss just threw 300 bits!', detail: 'hype', message: '', test: false, missed: false },
    { type: 'channel.raid', who: 'Lone_Raider brings 1 friend!', detail: '', message: '', test: false, missed: false },
  ]);
});

test('a cheer below the minimum shows nothing; a big cheer uses the big message', async ({ overlay, api, page }) => {
  await page.addInitScript(recordAlerts);
  await api.set(ID, 'seconds', 2, 'event');
  await api.set(ID, 'cheerMin', 100, 'event');
  await api.set(ID, 'bigCheerFrom', 1000, 'event');
  await api.set(ID, 'bigCheerMessage', 'HUGE {name} | {amount:bit:bits}', 'event');
  const alerts = await overlay.open({ kind: 'event', modules: [ID] });
  await overlay.emitEvent('channel.cheer', { user_name: 'Small_Change', bits: 99, message: '' });
  await overlay.emitEvent('channel.cheer', { user_name: 'Just_Enough', bits: 100, message: '' });
  await overlay.emitEvent('channel.cheer', { user_name: 'Whale', bits: 1500, message: 'for the stream' });
  await expect.poll(() => shownAlerts(alerts), { timeout: 20_000 }).toEqual([
    { type: 'channel.cheer', who: 'Just_Enough', detail: '100 bits', message: '', test: false, missed: false },
    { type: 'channel.cheer', who: 'HUGE Whale', detail: '1,500 bits', message: '', test: false, missed: false },
  ]);
  await expect(alerts.getByTestId('alert')).toHaveAttribute('data-big', 'true');
});

test("a gift bomb is one alert: its recipients' gifted subs are not shown one by one; a paid sub after it is", async ({ overlay, api, page }) => {
  await page.addInitScript(recordAlerts);
  await api.set(ID, 'seconds', 2, 'event');
  const alerts = await overlay.open({ kind: 'event', modules: [ID] });
  await overlay.emitEvent('channel.subscription.gift', { user_name: 'Santa', total: 3, tier: '1000', is_anonymous: false });
  for (const user of ['Lucky_1', 'Lucky_2', 'Lucky_3']) await overlay.emitEvent('channel.subscribe', { user_name: user, tier: '1000', is_gift: true });
  await overlay.emitEvent('channel.subscribe', { user_name: 'Paid_Sub', tier: '1000', is_gift: false });
  await expect.poll(() => shownAlerts(alerts), { timeout: 20_000 }).toEqual([
    { type: 'channel.subscription.gift', who: 'Santa', detail: 'gifted 3 subs', message: '', test: false, missed: false },
    { type: 'channel.subscribe', who: 'Paid_Sub', detail: 'Tier 1', message: '', test: false, missed: false },
  ]);
});

test("markup in a viewer's message shows as text and never runs", async ({ overlay, page }) => {
  await page.addInitScript(recordAlerts);
  const alerts = await overlay.open({ kind: 'event', modules: [ID] });
  const text = '<b>bold</b> <img src=x onerror="document.title=\'owned\'">';
  await overlay.emitEvent('channel.cheer', { user_name: '<i>Sneaky</i>', bits: 5, message: text });
  await expect(alerts.getByTestId('alert-message')).toHaveText(text);
  await expect(alerts.getByTestId('alert-who')).toHaveText('<i>Sneaky</i>');
  await expect(alerts.getByTestId('alert').locator('b, i, img:not([data-testid])')).toHaveCount(0);
  const frame = (await (await alerts.iframe.elementHandle())!.contentFrame())!;
  expect(await frame.evaluate(() => document.title)).toBe('Alert box');
});
