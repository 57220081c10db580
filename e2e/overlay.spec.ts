import { expect, test } from './fixtures.ts';

test.describe('the overlay page', () => {
  test('a module writes, reads back, and the value is on the server under its user, kind and id', async ({ overlay, api, page }) => {
    const counter = await overlay.open({ kind: 'tool', modules: ['demo.tool.counter'] });
    await counter.getByTestId('increment').click();
    await counter.getByTestId('increment').click();
    await expect(counter.getByTestId('count')).toHaveText('2');
    await expect.poll(() => api.get('demo.tool.counter', 'count', 'tool')).toBe(2);
    expect(await api.get('demo.tool.counter', 'count', 'game')).toBeUndefined();
    await page.reload();
    await overlay.module('demo.tool.counter').waitUntilReady();
    await expect(counter.getByTestId('count')).toHaveText('2');
  });

  test('shows every selected tool at once, each in its own sandboxed frame', async ({ overlay, page }) => {
    await overlay.open({ kind: 'tool', modules: ['demo.tool.counter', 'demo.tool.streaminfo', 'demo.tool.goal'] });
    const frames = page.locator('iframe[data-module-id]');
    await expect(frames).toHaveCount(3);
    for (const frame of await frames.all()) {
      await expect(frame).toHaveAttribute('sandbox', 'allow-scripts');
      await expect(frame).toHaveAttribute('referrerpolicy', 'no-referrer');
    }
    await expect(overlay.module('demo.tool.streaminfo').getByTestId('title')).not.toBeEmpty();
  });

  test('a module reads another module\'s key', async ({ overlay, api }) => {
    await api.set('demo.tool.goal', 'goal', 10);
    const goal = await overlay.open({ kind: 'tool', modules: ['demo.tool.goal', 'demo.tool.counter'] });
    const counter = overlay.module('demo.tool.counter');
    await counter.getByTestId('increment').click();
    await expect.poll(() => api.get('demo.tool.counter', 'count')).toBe(1);
    await expect(goal.getByTestId('goal-current')).toHaveText('1', { timeout: 15_000 });
  });

  test('a write to another module\'s key lands under that module and reaches it as a change event', async ({ overlay, api }) => {
    const counter = await overlay.open({ kind: 'tool', modules: ['demo.tool.counter', 'test.writer'] });
    const writer = overlay.module('test.writer');
    // The writer's frame lies under the counter's (both fill the stage), so no pointer reaches it.
    await writer.getByTestId('write').dispatchEvent('click');
    await expect(writer.getByTestId('result')).toHaveText('wrote, read back 42');
    await expect(counter.getByTestId('count')).toHaveText('42');
    await expect.poll(() => api.get('demo.tool.counter', 'count')).toBe(42);
    expect(await api.get('test.writer', 'count')).toBeUndefined();
  });

  test('follows the streamer\'s selection without reloading the modules that stay', async ({ overlay, api, page }) => {
    const counter = await overlay.open({ kind: 'tool', modules: ['demo.tool.counter'] });
    await counter.getByTestId('increment').click();
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 1;
    });
    // The write's own news reaches the page live (every profile write sends it): no wait for the 30 s refresh.
    await api.selectModules('tool', ['demo.tool.counter', 'demo.tool.streaminfo']);
    await overlay.module('demo.tool.streaminfo').waitUntilReady();
    await expect(counter.getByTestId('count')).toHaveText('1');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });
});
