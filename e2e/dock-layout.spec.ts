import { expect, test } from './fixtures.ts';
import { SettingsProbe } from './support/SettingsProbe.ts';

const DEMO_MODULES = ['demo.tool.goal', 'demo.tool.counter', 'demo.background.aurora', 'demo.event.alerts', 'demo.game.trivia'];

/** Pairs of controls (and headings, labels, panels) whose boxes overlap, by a readable name. */
function overlaps(): string[] {
  const selector = 'h1, h2, h3, label, input, select, button, output, iframe, .module-status';
  const boxes = [...document.querySelectorAll<HTMLElement>(selector)]
    // Shown ones only: the controls of a closed settings group keep boxes (content-visibility), unseen.
    .filter((element) => element.checkVisibility())
    .map((element) => ({ element, box: element.getBoundingClientRect() }));
  const name = (element: HTMLElement) => `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}(${(element.textContent || element.getAttribute('aria-label') || element.getAttribute('title') || '').trim().slice(0, 20)})`;
  const found: string[] = [];
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
      const width = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
      const height = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
      if (width > 1 && height > 1) found.push(`${name(a.element)} / ${name(b.element)}`);
    }
  }
  return found;
}

for (const width of [280, 1280]) {
  test(`at ${width} px the dock has no horizontal scroll and no overlapping controls`, async ({ dock, api }) => {
    await api.selectModules('tool', ['demo.tool.goal', 'demo.tool.counter']);
    await dock.page.setViewportSize({ width, height: 900 });
    await dock.open(DEMO_MODULES);
    await expect(dock.panel('demo.tool.counter').getByTestId('panel-increment')).toBeEnabled();
    await expect(dock.page.getByRole('button', { name: 'Test raid', exact: true })).toBeEnabled();
    await expect(dock.panel('demo.game.trivia').getByTestId('next-round')).toBeEnabled();
    // Every settings group open (the alert box has seven), so their controls are measured too.
    for (const group of await dock.page.locator('details.settings-group').all()) await group.locator('summary').click();
    await expect(dock.page.locator('details.settings-group:not([open])')).toHaveCount(0);
    const scroll = await dock.page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(scroll.scroll).toBeLessThanOrEqual(scroll.client);
    expect(await dock.page.evaluate(overlaps)).toEqual([]);
    // Closed again for the screenshot, as a streamer first sees the dock.
    for (const group of await dock.page.locator('details.settings-group').all()) await group.locator('summary').click();
    // Panel frames run in processes of their own and paint only inside the viewport: make it as tall as the page.
    const height = await dock.page.evaluate(() => document.documentElement.scrollHeight);
    await dock.page.setViewportSize({ width, height });
    await expect(dock.page.getByRole('button', { name: 'Test chat message', exact: true })).toBeVisible();
    await dock.page.screenshot({ path: `public/docs/dock-${width}.png` });
  });
}

test('keyboard: Tab reaches every control in order, and a switch toggles with Space', async ({ dock, api }) => {
  await api.selectModules('tool', ['demo.tool.goal']);
  await dock.open(['demo.tool.goal'], { auth: 'overlay' });
  await dock.setting('Goal title').focus();
  await dock.page.keyboard.press('Tab');
  await expect(dock.module('demo.tool.goal').getByRole('button', { name: 'Reset' }).first()).toBeFocused();
  await dock.page.keyboard.press('Tab');
  await expect(dock.setting('Target')).toBeFocused();
  await dock.setting('Show percent').focus();
  await dock.page.keyboard.press('Space');
  await expect(dock.setting('Show percent')).not.toBeChecked();
  await expect.poll(() => api.get('demo.tool.goal', 'percent')).toBe(false);
});

test('latency: a dock change until the module in the overlay hears it (median of 20, printed)', async ({ overlay, dock }) => {
  const probe = new SettingsProbe(await overlay.open({ kind: 'tool', modules: ['test.dock.settings'] }));
  await dock.open(['test.dock.settings'], { auth: 'overlay' });
  const title = dock.setting('Title text');
  const samples: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    const value = `Round ${i}`;
    // Both pages run on this machine's clock: the time origin plus now() is comparable across them.
    const sentAt = await title.evaluate((input: HTMLInputElement, text) => {
      input.value = text;
      const at = performance.timeOrigin + performance.now();
      input.dispatchEvent(new Event('input', { bubbles: true }));
      return at;
    }, value);
    samples.push((await probe.arrivalOf(value)) - sentAt);
  }
  const sorted = [...samples].sort((a, b) => a - b);
  const median = (sorted[9]! + sorted[10]!) / 2;
  console.log(`dock -> module change latency: median ${median.toFixed(1)} ms over 20 (min ${sorted[0]!.toFixed(1)}, max ${sorted[19]!.toFixed(1)})`);
  test.info().annotations.push({ type: 'dock.latency', description: `median ${median.toFixed(1)} ms` });
  expect(samples.every((sample) => sample > 0)).toBe(true);
});
