import { expect, test } from '../../e2e/fixtures.ts';

const ID = 'demo.event.raid';

test('the dock panel\'s test raid shows the alert in the running overlay', async ({ overlay, dock }) => {
  const raid = await overlay.open({ kind: 'event', modules: [ID] });
  await expect(raid.getByTestId('raid-alert')).toHaveAttribute('aria-busy', 'false');
  await dock.open([ID], { auth: 'overlay', kind: 'event' });
  const panel = dock.panel(ID);
  await panel.getByLabel('Raider name').fill('CozyCactus');
  await panel.getByLabel('Viewers').fill('248');
  await panel.getByTestId('test-raid').click();
  await expect(panel.getByTestId('panel-note')).toHaveText('Test raid from CozyCactus sent');
  await expect(raid.getByTestId('raid-alert')).toHaveAttribute('data-state', 'showing');
  await expect(raid.getByTestId('raid-from')).toHaveText('CozyCactus');
  await expect(raid.getByTestId('raid-viewers')).toHaveText('248');
});
