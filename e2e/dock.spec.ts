import { expect, test } from './fixtures.ts';

test('a website token shows every kind, a section per selected module with its name, settings and panel', async ({ dock, api }) => {
  await api.selectModules('tool', ['demo.tool.goal', 'demo.tool.counter']);
  await api.selectModules('background', ['demo.background.aurora']);
  await api.selectModules('event', ['demo.event.raid']);
  await api.selectModules('game', ['demo.game.trivia']);
  await dock.open(['demo.tool.goal', 'demo.tool.counter', 'demo.background.aurora', 'demo.event.raid', 'demo.game.trivia']);
  for (const name of ['Goal bar', 'Counter', 'Aurora', 'Raid alert', 'Trivia']) {
    await expect(dock.page.getByRole('heading', { name, exact: true })).toBeVisible();
  }
  await expect(dock.setting('Goal title')).toHaveValue('Goal');
  await expect(dock.setting('Palette')).toHaveValue('aurora');
  await expect(dock.panelFrame('demo.tool.counter')).toHaveAttribute('title', 'Counter controls');
  await expect(dock.panel('demo.tool.counter').getByTestId('panel-increment')).toBeEnabled();
  await dock.page.screenshot({ path: test.info().outputPath('dock.png'), fullPage: true });
});
