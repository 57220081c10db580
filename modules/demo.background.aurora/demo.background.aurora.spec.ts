import { expect, test } from '../../e2e/fixtures.ts';

const ID = 'demo.background.aurora';

test('draws the default palette, or the stored one', async ({ overlay, api }) => {
  const aurora = await overlay.open({ kind: 'background', modules: [ID] });
  await expect(aurora.getByTestId('aurora')).toHaveAttribute('data-palette', 'aurora');
  await api.set(ID, 'palette', 'sunset', 'background');
  await overlay.page.reload();
  await expect(overlay.module(ID).getByTestId('aurora')).toHaveAttribute('data-palette', 'sunset');
});
