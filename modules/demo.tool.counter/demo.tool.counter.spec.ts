import { expect, test } from '../../e2e/fixtures.ts';

const ID = 'demo.tool.counter';

test('counts up and down and keeps the count across a reload', async ({ overlay, api }) => {
  const counter = await overlay.open({ kind: 'tool', modules: [ID] });
  await expect(counter.getByTestId('count')).toHaveText('0');
  await counter.getByTestId('increment').click();
  await counter.getByTestId('increment').click();
  await counter.getByTestId('decrement').click();
  await expect(counter.getByTestId('count')).toHaveText('1');
  await expect.poll(() => api.get(ID, 'count')).toBe(1);
  await overlay.page.reload();
  await expect(overlay.module(ID).getByTestId('count')).toHaveText('1');
});

test('shows a stored count and label', async ({ overlay, api }) => {
  await api.set(ID, 'count', 41);
  await api.set(ID, 'label', 'Deaths');
  const counter = await overlay.open({ kind: 'tool', modules: [ID] });
  await expect(counter.getByTestId('count')).toHaveText('41');
  await expect(counter.getByTestId('label')).toHaveText('Deaths');
});
