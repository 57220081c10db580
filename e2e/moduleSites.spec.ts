import { expect, test } from './fixtures.ts';

test.describe('module sites', () => {
  test('an id that looks like punycode (xn--zz) runs on a site of its own, never the page\'s', async ({ overlay, api, page }) => {
    await overlay.open({ kind: 'tool', modules: ['xn--zz', 'demo.tool.counter'] });
    const pageHost = new URL(page.url()).host;
    await expect.poll(() => api.get('xn--zz', 'host')).toMatch(/^xn-zz-[0-9a-f]{13}\.localhost:\d+$/);
    expect(await api.get('xn--zz', 'host')).not.toBe(pageHost);
    const hosts = await page.locator('iframe[data-module-id]').evaluateAll((frames) => frames.map((frame) => new URL((frame as HTMLIFrameElement).src).host));
    expect(new Set([...hosts, pageHost]).size).toBe(3);
  });
});
