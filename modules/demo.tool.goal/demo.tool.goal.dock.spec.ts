import { expect, test } from '../../e2e/fixtures.ts';

const ID = 'demo.tool.goal';

test('its settings change the goal bar in the running overlay, from the dock', async ({ overlay, dock, api }) => {
  await api.set(ID, 'progress', 30);
  const goal = await overlay.open({ kind: 'tool', modules: [ID] });
  await dock.open([ID], { auth: 'overlay' });
  await dock.setting('Goal title').fill('Sub goal');
  await expect(goal.getByTestId('goal-title')).toHaveText('Sub goal');
  await dock.setting('Target').fill('60');
  await expect(goal.getByTestId('goal-percent')).toHaveText('50%');
  await dock.setting('Bar colour').fill('#ff0000');
  await expect(goal.getByTestId('goal-fill')).toHaveCSS('background-color', 'rgb(255, 0, 0)');
  await dock.setting('Show percent').uncheck();
  await expect(goal.getByTestId('goal-percent')).toBeHidden();
});
