import { expect, test } from './fixtures.ts';
import { LayoutEditorPage } from './support/LayoutEditorPage.ts';
import { NetworkSwitch } from './support/NetworkSwitch.ts';

// The Layout section of the home page against the reference server: every change
// must reach `GET /me/layout/<kind>`, and two tabs must never undo each other silently.

test.beforeEach(async ({ api }) => {
  await api.selectModules('tool', ['demo.tool.goal', 'demo.tool.counter']);
});

test('moves a box by keyboard: arrows 1 canvas pixel, Shift+arrows 10', async ({ page, api }) => {
  const editor = new LayoutEditorPage(page, api);
  await editor.open('tool');
  await editor.box('Counter').focus();
  const start = await editor.shownBox();
  await editor.press('Counter', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'Shift+ArrowDown', 'Shift+ArrowDown', 'ArrowUp');
  const moved = { ...start, x: start.x + 3, y: start.y + 19 };
  await expect.poll(() => editor.shownBox()).toEqual(moved);
  await expect.poll(() => editor.storedBox('demo.tool.counter')).toEqual(moved);
  await expect(editor.status).toHaveText('Saved.');
  expect(await editor.storedBox('demo.tool.goal')).toBeUndefined();
});

test('moves and sizes a box by its fields (the height follows the width), and Reset position drops it', async ({ page, api }) => {
  const editor = new LayoutEditorPage(page, api);
  await editor.open('tool');
  await editor.box('Goal bar').focus();
  const start = await editor.shownBox();
  await editor.setField('X', 200);
  await editor.setField('Y', 300);
  await editor.setField('Width', Math.round(start.width / 2));
  const expected = { x: 200, y: 300, width: Math.round(start.width / 2), height: Math.round(Math.round(start.width / 2) / (start.width / start.height)) };
  await expect.poll(() => editor.shownBox()).toEqual(expected);
  await expect.poll(() => editor.storedBox('demo.tool.goal')).toEqual(expected);
  await editor.resetPosition.click();
  await expect.poll(() => editor.storedBox('demo.tool.goal')).toBeUndefined();
  await expect.poll(() => editor.shownBox()).toEqual(start);
});

test('drags a box with the mouse, snapping to the canvas edge, and Ctrl+Z takes the change back', async ({ page, api }) => {
  const editor = new LayoutEditorPage(page, api);
  await editor.open('tool');
  await editor.box('Counter').focus();
  await editor.setField('X', 300);
  await expect.poll(() => editor.storedBox('demo.tool.counter')).toMatchObject({ x: 300 });
  // 300 canvas pixels to the left, less a little: the left edge snaps onto the canvas's.
  const scale = (await editor.section.getByTestId('layout-canvas').boundingBox())!.width / 1920;
  await editor.drag('Counter', -(300 - 4) * scale, 0);
  await expect.poll(() => editor.storedBox('demo.tool.counter')).toMatchObject({ x: 0 });
  await editor.box('Counter').press('Control+z');
  await expect.poll(() => editor.storedBox('demo.tool.counter')).toMatchObject({ x: 300 });
  await expect(editor.field('X')).toHaveValue('300');
});

test('a finger drags a box on a phone, and the page does not scroll instead', async ({ browser, api }, testInfo) => {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  const editor = new LayoutEditorPage(await context.newPage(), api);
  await editor.open('tool');
  await editor.box('Goal bar').focus();
  const start = await editor.shownBox();
  const scrolled = await editor.page.evaluate(() => window.scrollY);
  const scale = (await editor.section.getByTestId('layout-canvas').boundingBox())!.width / 1920;
  // Up and to the right, far from every line it could snap to.
  await editor.touchDrag('Goal bar', 300 * scale, -400 * scale);
  await expect.poll(async () => (await editor.storedBox('demo.tool.goal'))?.y).toBeLessThan(start.y - 300);
  const moved = (await editor.storedBox('demo.tool.goal'))!;
  expect(moved.x).toBeGreaterThan(start.x + 200);
  expect(await editor.page.evaluate(() => window.scrollY)).toBe(scrolled);
  await context.close();
});

test('a conflict between two tabs shows the layout of the other tab and says so', async ({ page, api }) => {
  // Two pages of the home page at once.
  test.slow();
  const first = new LayoutEditorPage(page, api);
  const second = new LayoutEditorPage(await page.context().newPage(), api);
  await first.open('tool');
  await second.open('tool');
  await first.box('Counter').focus();
  const start = await first.shownBox();
  await first.setField('X', start.x + 100);
  await expect.poll(() => first.storedBox('demo.tool.counter')).toMatchObject({ x: start.x + 100 });
  // The second tab still holds the layout it read before: its write is refused, never stored over the first's.
  await second.press('Counter', 'Shift+ArrowDown');
  await expect(second.status).toContainText('changed in another tab');
  await second.box('Counter').focus();
  await expect.poll(() => second.shownBox()).toEqual({ ...start, x: start.x + 100 });
  expect(await first.storedBox('demo.tool.counter')).toEqual({ ...start, x: start.x + 100 });
  // Its next change builds on the first tab's.
  await second.press('Counter', 'ArrowDown');
  await expect.poll(() => second.storedBox('demo.tool.counter')).toEqual({ ...start, x: start.x + 100, y: start.y + 1 });
  await second.page.close();
});

test('a save that fails says so, keeps the change, and stores it on retry', async ({ page, api }) => {
  const editor = new LayoutEditorPage(page, api);
  const network = new NetworkSwitch(page, () => api.url);
  await editor.open('tool');
  await editor.box('Counter').focus();
  const start = await editor.shownBox();
  await network.offline();
  await editor.press('Counter', 'Shift+ArrowRight');
  await expect(editor.status).toContainText('Not saved');
  await expect.poll(() => editor.shownBox()).toEqual({ ...start, x: start.x + 10 });
  await network.online();
  await editor.status.getByRole('button', { name: 'Try again' }).click();
  await expect(editor.status).toHaveText('Saved.');
  expect(await editor.storedBox('demo.tool.counter')).toEqual({ ...start, x: start.x + 10 });
});

for (const width of [360, 1280]) {
  test(`at ${width} px the Layout section fits without scrolling sideways (screenshot)`, async ({ page, api }) => {
    await api.selectModules('tool', ['demo.tool.goal', 'demo.tool.counter', 'demo.tool.streaminfo', 'demo.tool.recent']);
    await page.setViewportSize({ width, height: 900 });
    const editor = new LayoutEditorPage(page, api);
    await editor.open('tool');
    await editor.box('Counter').focus();
    await expect(editor.field('Width')).toBeVisible();
    const scroll = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(scroll.scroll).toBeLessThanOrEqual(scroll.client);
    await editor.section.screenshot({ path: `public/docs/layout-${width}.png` });
  });
}
