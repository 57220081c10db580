import { expect, test } from '../../e2e/fixtures.ts';

const ID = 'demo.tool.recent';

test('starts from the history, then updates live; a test cheer never becomes the top cheer', async ({ overlay }) => {
  await overlay.emitEvent('channel.follow', { user_name: 'EarlyBird', user_login: 'earlybird' });
  await overlay.emitEvent('channel.cheer', { user_name: 'BigSpender', bits: 500 });
  const recent = await overlay.open({ kind: 'tool', modules: [ID] });
  await expect(recent.getByTestId('recent')).toHaveAttribute('aria-busy', 'false');
  await expect(recent.getByTestId('follower')).toHaveText('EarlyBird');
  await expect(recent.getByTestId('cheer')).toHaveText('BigSpender (500 bits)');
  await overlay.emitEvent('channel.subscription.gift', { user_name: 'Santa', total: 5 });
  await overlay.emitEvent('channel.cheer', { user_name: 'Tester', bits: 9999 }, { test: true });
  await overlay.emitEvent('channel.cheer', { user_name: 'Whale', bits: 1000 });
  await overlay.emitEvent('channel.follow', { user_name: 'NewFriend' });
  await expect(recent.getByTestId('sub')).toHaveText('Santa (5 gifts)');
  await expect(recent.getByTestId('cheer')).toHaveText('Whale (1,000 bits)');
  await expect(recent.getByTestId('follower')).toHaveText('NewFriend');
});
