import { expect, test } from '../../e2e/fixtures.ts';

const ID = 'demo.tool.goal';
const COUNTER = 'demo.tool.counter';

test('follows the counter module when no progress is stored', async ({ overlay, api }) => {
  await api.set(ID, 'title', 'Sub goal');
  await api.set(ID, 'goal', 50);
  await api.set(COUNTER, 'count', 10);
  const goal = await overlay.open({ kind: 'tool', modules: [ID, COUNTER] });
  await expect(goal.getByTestId('goal-title')).toHaveText('Sub goal');
  await expect(goal.getByTestId('goal-current')).toHaveText('10');
  await expect(goal.getByTestId('goal-percent')).toHaveText('20%');
  // The counter writes its own key; the goal bar reads it across modules.
  await overlay.module(COUNTER).getByTestId('increment').click();
  await expect(goal.getByTestId('goal-current')).toHaveText('11');
});

test('shows its own progress and marks a reached goal', async ({ overlay, api }) => {
  await api.set(ID, 'goal', 20);
  await api.set(ID, 'progress', 25);
  const goal = await overlay.open({ kind: 'tool', modules: [ID] });
  await expect(goal.getByTestId('goal-current')).toHaveText('25');
  await expect(goal.getByTestId('goal-percent')).toHaveText('100%');
  await expect(goal.getByTestId('goal')).toHaveAttribute('data-state', 'reached');
});
