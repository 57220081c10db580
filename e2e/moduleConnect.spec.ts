import { LIVE_PATH } from '../src/api/index.ts';
import { expect, test } from './fixtures.ts';
import { CountingServer } from './support/CountingServer.ts';

/**
 * One of the origins test.hostile.connect declares in its module.json (below Linux's ephemeral
 * ports, as the page server's); e2e/deploy.spec.ts uses the other, 19732, so that both can run at once.
 */
const DECLARED_PORT = 19731;
const PROBE = 'test.hostile.connect';

test.describe('a module reaches only the origins it declares', () => {
  let declared: CountingServer;
  let undeclared: CountingServer;
  test.beforeEach(async () => {
    declared = await CountingServer.start(DECLARED_PORT);
    undeclared = await CountingServer.start();
  });
  test.afterEach(async () => {
    await declared?.stop();
    await undeclared?.stop();
  });

  test('a declared origin answers; an undeclared one and the API are refused by the page, and the overlay lists the refusals', async ({ overlay, api, page }) => {
    await api.set(PROBE, 'targets', {
      declared: `${declared.url}/declared`,
      undeclared: `${undeclared.url}/undeclared`,
      api: `${api.url}/me`,
      media: `${api.url}/media/probe`,
      apiSocket: `${api.url.replace(/^http/, 'ws')}${LIVE_PATH}`,
      declaredImage: `${declared.url}/declared.gif`,
      undeclaredImage: `${undeclared.url}/undeclared.gif`,
      ownFrame: 'nested.svg',
    });
    const probe = await overlay.open({ kind: 'tool', modules: [PROBE, 'demo.tool.counter'] });
    await expect(probe.content.locator('body')).toHaveAttribute('data-done', '1');
    const seen = JSON.parse((await probe.getByTestId('report').textContent()) ?? '{}') as Record<string, string> & { violations: string[] };
    const probeUrl = (await probe.iframe.getAttribute('src'))!;
    expect(seen.declared).toBe(`200 hello from ${declared.url}`);
    expect(seen.declaredImage).toBe('loaded');
    expect(declared.paths).toEqual(['/declared', '/declared.gif']);
    // Refused in the page: nothing reached the undeclared server, and the API saw no request of the module.
    expect(seen.undeclared).toBe('failed TypeError');
    expect(seen.undeclaredImage).toBe('failed');
    expect(undeclared.paths).toEqual([]);
    expect(seen.api).toBe('failed TypeError');
    expect(seen.apiSocket).toBe('failed');
    expect(seen.violations).toEqual([
      `connect-src ${undeclared.url}/undeclared`,
      `connect-src ${api.url}/me`,
      `connect-src ${api.url.replace(/^http/, 'ws')}${LIVE_PATH}`,
      `img-src ${undeclared.url}/undeclared.gif`,
      // Reported by origin only: the page's own origin is opaque.
      `frame-src ${new URL(probeUrl).origin}`,
    ]);
    // Its own SVG, shown as a page in a nested frame, would run without the page's policy: refused.
    expect(seen.ownFrame).toBe('failed');
    // The API's media path is allowed (the media library answers there); nothing else of the API is.
    expect(seen.violations.join(' ')).not.toContain('/media/');
    // The author sees what was refused, naming the fix.
    await overlay.expectProblem(`${PROBE} was refused ${undeclared.url} (connect-src)`);
    await overlay.expectProblem(`${PROBE} was refused ${api.url} (connect-src)`);
    await expect(page.getByTestId('debug-problems')).toContainText('"connect" of its module.json');
    // The well-behaved neighbour is untouched.
    await overlay.module('demo.tool.counter').getByTestId('increment').click();
    await expect.poll(() => api.get('demo.tool.counter', 'count')).toBe(1);
  });
});
