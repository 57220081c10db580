import { expect, test } from '../../e2e/fixtures.ts';

const ID = 'demo.tool.counter';

test('its dock panel steps the counter in the running overlay by the step setting, and resets it', async ({ overlay, dock, api }) => {
  const counter = await overlay.open({ kind: 'tool', modules: [ID] });
  await dock.open([ID], { auth: 'overlay' });
  const panel = dock.panel(ID);
  await panel.getByTestId('panel-increment').click();
  await expect(counter.getByTestId('count')).toHaveText('1');
  await dock.setting('Step').fill('5');
  await expect(panel.getByTestId('panel-increment')).toHaveAttribute('aria-label', 'Plus 5');
  await panel.getByTestId('panel-increment').click();
  await expect(counter.getByTestId('count')).toHaveText('6');
  await panel.getByTestId('panel-decrement').click();
  await expect(counter.getByTestId('count')).toHaveText('1');
  await counter.getByTestId('increment').click(); // the overlay's own + uses the step too, and the panel follows
  await expect(panel.getByTestId('panel-count')).toHaveText('6');
  await panel.getByTestId('panel-reset').click();
  await expect(counter.getByTestId('count')).toHaveText('0');
  await expect.poll(() => api.get(ID, 'count')).toBe(0);
  await dock.setting('Counter name').fill('Deaths');
  await expect(counter.getByTestId('label')).toHaveText('Deaths');
});
