import { expect, test } from './fixtures.ts';

// What a streamer sees when the address or the API is wrong: a clear line in
// debug mode, a one-line cause in the console always, and never a broken page.
test.describe('problems on the overlay page', () => {
  test('a bad kind in the address is named in debug mode and logged', async ({ page, api }) => {
    const logged: string[] = [];
    page.on('console', (message) => logged.push(message.text()));
    await page.goto(`/?token=${api.tokens.tool}&kind=widget&api=${encodeURIComponent(api.url)}&debug=1`);
    await expect(page.getByTestId('debug-problems')).toContainText('kind must be one of game, tool, background, event');
    expect(logged.some((line) => line.startsWith('[overlay] bad overlay address'))).toBe(true);
  });

  test('without debug, the same address shows nothing but a transparent page', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (message) => logged.push(message.text()));
    await page.goto('/?kind=tool');
    await expect.poll(() => logged.some((line) => line.includes('the address needs overlay='))).toBe(true);
    await expect(page.getByTestId('debug')).toHaveCount(0);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgba(0, 0, 0, 0)');
  });

  test('an unknown overlay id and an invalid token are told apart', async ({ page, api }) => {
    await page.goto(`/?overlay=no-such-overlay&api=${encodeURIComponent(api.url)}&debug=1`);
    await expect(page.getByTestId('debug-problems')).toContainText('unknown overlay id');
    await page.goto(`/?token=forged&kind=tool&api=${encodeURIComponent(api.url)}&debug=1`);
    await expect(page.getByTestId('debug-problems')).toContainText('token in the address is not valid');
  });

  test('an unreachable API with nothing cached says so', async ({ page }) => {
    await page.goto('/?overlay=abc&api=http://127.0.0.1:9&debug=1');
    await expect(page.getByTestId('debug-problems')).toContainText('API unreachable at http://127.0.0.1:9');
    await expect(page.getByTestId('debug-phase')).toHaveText('failed');
  });

  test('a selected module without a folder is reported and the others still run', async ({ overlay }) => {
    await overlay.open({ kind: 'tool', modules: ['demo.tool.counter', 'de.nowhere.tool'], waitForModules: false });
    await overlay.module('demo.tool.counter').waitUntilReady();
    await overlay.expectProblem('unknown module: de.nowhere.tool');
  });

  test('the demo overlays at 1920x1080, for the docs', async ({ overlay, api, page }) => {
    await api.set('demo.tool.goal', 'goal', 50);
    await api.set('demo.tool.counter', 'count', 17);
    await overlay.open({ kind: 'tool', debug: false });
    await expect(overlay.module('demo.tool.goal').getByTestId('goal-current')).toHaveText('17');
    await page.screenshot({ path: test.info().outputPath('overlay-tool.png') });
    await overlay.open({ kind: 'background', debug: false });
    await expect(overlay.module('demo.background.aurora').getByTestId('aurora')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('overlay-background.png') });
  });
});
