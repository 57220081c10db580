import { expect, test } from '../../e2e/fixtures.ts';

const ID = 'demo.background.aurora';

test('its palette and speed settings change the running background, from the dock', async ({ overlay, dock, api }) => {
  const aurora = await overlay.open({ kind: 'background', modules: [ID] });
  await dock.open([ID], { auth: 'overlay', kind: 'background' });
  await dock.setting('Palette').selectOption('ocean');
  await expect(aurora.getByTestId('aurora')).toHaveAttribute('data-palette', 'ocean');
  await dock.setting('Speed (%)').fill('200');
  await expect(aurora.getByTestId('aurora')).toHaveAttribute('data-speed', '200');
  await expect.poll(() => api.get(ID, 'speed', 'background')).toBe(200);
});
