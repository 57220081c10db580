import { expect, test } from '../../e2e/fixtures.ts';

const ID = 'demo.event.raid';

test('stays hidden until a new raid is stored, then shows it', async ({ overlay, api }) => {
  await api.set(ID, 'lastRaid', { from: 'OldFriend', viewers: 3 }, 'event');
  const raid = await overlay.open({ kind: 'event', modules: [ID] });
  await expect(raid.getByTestId('raid-alert')).toHaveAttribute('aria-busy', 'false');
  await expect(raid.getByTestId('raid-alert')).toHaveAttribute('data-state', 'idle');
  await api.set(ID, 'lastRaid', { from: 'CozyCactus', viewers: 248 }, 'event');
  await expect(raid.getByTestId('raid-alert')).toHaveAttribute('data-state', 'showing');
  await expect(raid.getByTestId('raid-from')).toHaveText('CozyCactus');
  await expect(raid.getByTestId('raid-viewers')).toHaveText('248');
});
