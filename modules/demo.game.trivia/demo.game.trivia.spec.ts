import { expect, test } from '../../e2e/fixtures.ts';

const ID = 'demo.game.trivia';

test('scores a right answer and keeps score and round', async ({ overlay, api }) => {
  const trivia = await overlay.open({ kind: 'game', modules: [ID] });
  await expect(trivia.getByTestId('question')).toContainText('plumber');
  await trivia.getByTestId('answer-1').click(); // Mario, see questions.js
  await expect(trivia.getByTestId('feedback')).toHaveText('Correct!');
  await expect(trivia.getByTestId('score')).toHaveText('1');
  await expect.poll(() => api.get(ID, 'score', 'game')).toBe(1);
  await expect.poll(() => api.get(ID, 'round', 'game')).toBe(1);
  await expect(trivia.getByTestId('round')).toHaveText('2');
});

test('shows the right answer after a wrong one', async ({ overlay }) => {
  const trivia = await overlay.open({ kind: 'game', modules: [ID] });
  await trivia.getByTestId('answer-0').click();
  await expect(trivia.getByTestId('feedback')).toHaveText('It was Mario.');
  await expect(trivia.getByTestId('score')).toHaveText('0');
  await expect(trivia.getByTestId('answer-1')).toHaveAttribute('data-result', 'right');
});

test('a Stream Deck button posting custom.next-question moves to the next question', async ({ overlay, api }) => {
  const trivia = await overlay.open({ kind: 'game', modules: [ID] });
  await expect(trivia.getByTestId('round')).toHaveText('1');
  // What the button sends (docs/events.md): the profile's streamdeck token may post events.
  const response = await fetch(`${api.url}/me/events`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${api.profile.streamdeck.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ type: 'custom.next-question', event: {} }),
  });
  expect(response.status).toBe(201);
  await expect(trivia.getByTestId('round')).toHaveText('2');
  await expect.poll(() => api.get(ID, 'round', 'game')).toBe(1);
});

test('a press that comes before the stored round is read still moves the game on (the read does not undo it)', async ({ overlay, page, api }) => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  // The module's first read waits until the press has reached it, as on a busy machine.
  await page.route(/\/me\/database\/values\?id=demo\.game\.trivia/, async (route) => {
    await released;
    await route.continue();
  });
  const trivia = await overlay.open({ kind: 'game', modules: [ID] });
  const frame = (await (await trivia.iframe.elementHandle())!.contentFrame())!;
  const heard = () => frame.evaluate(() => (window as unknown as { heardPresses?: number }).heardPresses ?? 0);
  await frame.evaluate(() => {
    const w = window as unknown as { heardPresses: number; Overlay: { on(type: string, listener: () => void): void } };
    w.heardPresses = 0;
    w.Overlay.on('custom.next-question', () => {
      w.heardPresses += 1;
    });
  });
  await overlay.emitEvent('custom.next-question', {});
  await expect.poll(heard).toBe(1);
  release();
  await expect(trivia.getByTestId('round')).toHaveText('2');
  await expect.poll(() => api.get(ID, 'round', 'game')).toBe(1);
});
