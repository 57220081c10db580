import { expect, test } from '../../e2e/fixtures.ts';

const ID = 'demo.game.trivia';

test('the dock panel starts the next round in the running game and shows the score', async ({ overlay, dock }) => {
  const trivia = await overlay.open({ kind: 'game', modules: [ID] });
  await dock.open([ID], { auth: 'overlay', kind: 'game' });
  const panel = dock.panel(ID);
  await trivia.getByTestId('answer-1').click(); // right (questions.js): score 1, round 2
  await expect(panel.getByTestId('panel-score')).toHaveText('1');
  await expect(panel.getByTestId('panel-round')).toHaveText('2');
  await panel.getByTestId('next-round').click();
  await expect(trivia.getByTestId('round')).toHaveText('3');
  await panel.getByTestId('reset-score').click();
  await expect(trivia.getByTestId('score')).toHaveText('0');
});
