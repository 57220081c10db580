import { expect, test } from './fixtures.ts';

// The dock's stream-event tools: the test buttons post Twitch's reference examples with
// `test: true`, the Activity lists what happened (live), and Replay sends one out again.

test('a test button posts the example with the typed name and amount; Activity shows it live, marked test', async ({ dock, api }) => {
  await dock.open(['demo.event.alerts'], { auth: 'overlay', kind: 'event' });
  const activity = dock.page.getByRole('list', { name: 'Activity' });
  await dock.page.getByLabel('User name').fill('Raid_Boss');
  await dock.page.getByLabel('Amount').fill('77');
  await dock.page.getByRole('button', { name: 'Test raid', exact: true }).click();
  await expect(activity.getByRole('listitem')).toHaveCount(1);
  await expect(activity.getByRole('listitem').first()).toContainText('Raid');
  await expect(activity.getByRole('listitem').first()).toContainText('Raid_Boss');
  await expect(activity.getByRole('listitem').first()).toContainText('77 viewers');
  await expect(activity.getByRole('listitem').first()).toContainText('test');
  const { events } = await api.listEvents();
  expect(events.at(-1)).toMatchObject({ test: true, subscription: { type: 'channel.raid', version: '1' }, event: { from_broadcaster_user_name: 'Raid_Boss', viewers: 77, to_broadcaster_user_name: 'Cooler_User' } });
  await api.postEvent({ type: 'channel.cheer', event: { user_name: 'FromABot', bits: 42 } });
  await expect(activity.getByRole('listitem').first()).toContainText('FromABot');
  await expect(activity.getByRole('listitem').first()).not.toContainText('test');
});

test('Replay sends the event out again: the overlay shows it once more, the Activity lists the replay', async ({ dock, overlay }) => {
  const alerts = await overlay.open({ kind: 'event', modules: ['demo.event.alerts'] });
  await overlay.emitEvent('channel.follow', { user_name: 'Loyal_Fan', user_login: 'loyal_fan' });
  await expect(alerts.getByTestId('alert-who')).toHaveText('Loyal_Fan');
  await expect(alerts.getByTestId('alert')).toHaveAttribute('data-state', 'idle', { timeout: 15_000 });
  await dock.open(['demo.event.alerts'], { auth: 'overlay', kind: 'event' });
  const activity = dock.page.getByRole('list', { name: 'Activity' });
  await expect(activity.getByRole('listitem')).toHaveCount(1);
  await activity.getByRole('button', { name: 'Replay' }).first().click();
  await expect(alerts.getByTestId('alert')).toHaveAttribute('data-state', 'showing');
  await expect(alerts.getByTestId('alert-who')).toHaveText('Loyal_Fan');
  await expect(activity.getByRole('listitem')).toHaveCount(2);
  await expect(activity.getByRole('listitem').first()).toContainText('replay');
});

test('at 280 px every test button is reachable by keyboard and fits', async ({ dock, api }) => {
  await dock.page.setViewportSize({ width: 280, height: 900 });
  await dock.open(['demo.event.alerts'], { auth: 'overlay', kind: 'event' });
  await dock.page.getByLabel('User name').focus();
  await dock.page.keyboard.type('Keys_Only');
  await dock.page.keyboard.press('Tab');
  await expect(dock.page.getByLabel('Amount')).toBeFocused();
  await dock.page.keyboard.press('Tab');
  await expect(dock.page.getByRole('button', { name: 'Test follow', exact: true })).toBeFocused();
  await dock.page.keyboard.press('Enter');
  await expect.poll(async () => (await api.listEvents()).events.at(-1)?.event.user_name).toBe('Keys_Only');
  for (const name of ['Test subscription', 'Test resub', 'Test gift bomb', 'Test cheer', 'Test raid', 'Test redemption', 'Test chat message']) {
    await dock.page.keyboard.press('Tab');
    await expect(dock.page.getByRole('button', { name, exact: true })).toBeFocused();
  }
  const scroll = await dock.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(scroll).toBeLessThanOrEqual(0);
});
