import { DEMO_SEED } from '../src/server/index.ts';
import { LIVE_PATH } from '../src/api/index.ts';
import { expect, test } from './fixtures.ts';
import { DebugPanel } from './support/DebugPanel.ts';

// Each hostile module runs beside a well-behaved one (the counter), which must keep working.
test.describe('hostile modules', () => {
  test('cannot find the token, the overlay ids or the parent document', async ({ overlay, api, page }) => {
    const exchanged: string[] = [];
    page.on('response', async (response) => {
      if (response.url().endsWith('/auth/overlay')) exchanged.push(((await response.json()) as { token: string }).token);
    });
    const snoop = await overlay.open({ kind: 'tool', modules: ['test.hostile.snoop', 'demo.tool.counter'] });
    await expect(snoop.content.locator('body')).toHaveAttribute('data-done', '1');
    const report = (await snoop.getByTestId('report').textContent()) ?? '';
    const secrets = [...exchanged, ...Object.values(api.tokens), ...Object.values(api.profile.overlays), api.profile.streamdeck.token];
    expect(exchanged).toHaveLength(1);
    for (const secret of secrets) expect(report).not.toContain(secret);
    const seen = JSON.parse(report) as Record<string, unknown>;
    expect(seen.parentDocument).toMatch(/^blocked/);
    expect(seen.parentHref).toMatch(/^blocked/);
    expect(seen.localStorage).toMatch(/^blocked/);
    expect(seen.referrer).toBe('');
    expect((seen.ready as { id: string }).id).toBe('test.hostile.snoop');
    const errors = seen.errors as { code: string; message: string }[];
    expect(errors.map((e) => e.code)).toEqual(['BAD_REQUEST', 'BAD_REQUEST', 'BAD_REQUEST', 'BAD_REQUEST']);
    await expect.poll(() => api.get('test.hostile.snoop', 'report')).toBe(report);
  });

  test('the token in the address does not reach a module either', async ({ overlay, api }) => {
    const snoop = await overlay.open({ kind: 'tool', auth: 'token', modules: ['test.hostile.snoop'] });
    await expect(snoop.content.locator('body')).toHaveAttribute('data-done', '1');
    const report = (await snoop.getByTestId('report').textContent()) ?? '';
    expect(report).not.toContain(api.tokens.tool);
    expect(report.length).toBeGreaterThan(100);
  });

  test('a request claiming another module\'s id acts as its sender; malformed messages get errors', async ({ overlay, api }) => {
    await api.set('demo.tool.counter', 'count', 5);
    await overlay.open({ kind: 'tool', modules: ['test.hostile.impersonate', 'demo.tool.counter'] });
    const attacker = overlay.module('test.hostile.impersonate');
    type Reply = { id: number; ok: boolean; r?: unknown; e?: { code: string } };
    const replies = async () => JSON.parse((await attacker.getByTestId('state').textContent()) || '[]') as Reply[];
    await expect.poll(async () => (await replies()).map((reply) => reply.id).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    const byId = new Map((await replies()).map((reply) => [reply.id, reply]));
    expect(byId.get(1)?.ok).toBe(true);
    expect(byId.get(2)?.r).toBe(666);
    expect(byId.get(3)?.e?.code).toBe('BAD_REQUEST');
    expect(byId.get(4)?.e?.code).toBe('TOO_LARGE');
    expect(byId.get(5)?.e?.code).toBe('BAD_REQUEST');
    expect(byId.get(6)?.r).toBe(666);
    await expect.poll(() => api.get('test.hostile.impersonate', 'count')).toBe(666);
    expect(await api.get('demo.tool.counter', 'count')).toBe(5);
    await expect(overlay.module('demo.tool.counter').getByTestId('count')).toHaveText('5');
  });

  test('a module flooding the host does not stop the others', async ({ overlay, api, page }) => {
    await overlay.open({ kind: 'tool', modules: ['test.hostile.flood', 'demo.tool.counter'] });
    const counter = overlay.module('demo.tool.counter');
    const marker = await counter.markWindow();
    // The host notices the flood, tears the module down and restarts it later.
    const flood = page.getByTestId('debug-module-test.hostile.flood');
    await expect.poll(async () => Number(await flood.getAttribute('data-restarts')), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    await expect(flood).toContainText('flooding');
    for (let i = 1; i <= 5; i++) {
      await counter.getByTestId('increment').click();
      await expect(counter.getByTestId('count')).toHaveText(String(i));
    }
    await expect.poll(() => api.get('demo.tool.counter', 'count')).toBe(5);
    expect(await page.evaluate(() => 1 + 1)).toBe(2);
    expect(await marker()).toBe(true);
  });

  test('a hung module is torn down and restarted while the others keep running', async ({ overlay, api }) => {
    await overlay.open({ kind: 'tool', modules: ['test.hostile.hang', 'demo.tool.counter'] });
    const counter = overlay.module('demo.tool.counter');
    const marker = await counter.markWindow();
    await expect.poll(() => api.get('test.hostile.hang', 'boots'), { timeout: 45_000 }).toBeGreaterThanOrEqual(2);
    // The neighbour was never reloaded: it runs on its own site, so in its own process.
    expect(await marker()).toBe(true);
    await counter.getByTestId('increment').click();
    await expect(counter.getByTestId('count')).toHaveText('1');
    await expect.poll(() => api.get('demo.tool.counter', 'count')).toBe(1);
  });
});

test.describe('hostile modules, more ways in', () => {
  test('a module flooding from frames nested 12 deep is blamed and restarted; the others keep working', async ({ overlay, api, page }) => {
    await overlay.open({ kind: 'tool', modules: ['test.hostile.nest', 'demo.tool.counter'] });
    const counter = overlay.module('demo.tool.counter');
    const nest = page.getByTestId('debug-module-test.hostile.nest');
    await expect.poll(async () => Number(await nest.getAttribute('data-restarts')), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    await expect(nest).toContainText('flooding');
    for (let i = 1; i <= 3; i++) {
      await counter.getByTestId('increment').click();
      await expect(counter.getByTestId('count')).toHaveText(String(i));
    }
    await expect.poll(() => api.get('demo.tool.counter', 'count')).toBe(3);
  });

  test('a module opening many live sockets gets none of them, and the overlay stays on the live channel', async ({ overlay, api, page }) => {
    test.setTimeout(90_000);
    await api.set('test.hostile.sockets', 'target', `${api.url.replace(/^http/, 'ws')}${LIVE_PATH}`);
    const sockets = await overlay.open({ kind: 'tool', modules: ['test.hostile.sockets', 'demo.tool.counter'] });
    await expect(sockets.content.locator('body')).toHaveAttribute('data-done', '1', { timeout: 30_000 });
    // The module page's policy refuses them before they leave (and the API refuses Origin: null anyway).
    const seen = JSON.parse((await sockets.getByTestId('report').textContent()) ?? '{}') as { opened: number; refused: number };
    expect(seen.opened).toBe(0);
    expect(seen.refused).toBe(200);
    // Its sockets took no place: the page's own live connection is there and hears outside writes.
    await expect(new DebugPanel(page).live).toHaveText('live');
    await api.set('demo.tool.counter', 'count', 41);
    await expect(overlay.module('demo.tool.counter').getByTestId('count')).toHaveText('41');
  });

  test("after a reload, a module opening many live sockets sends none of them: the overlay's own socket is the only one to the API", async ({ overlay, api, page }, testInfo) => {
    test.setTimeout(90_000);
    const target = `${api.url.replace(/^http/, 'ws')}${LIVE_PATH}`;
    await api.set('test.hostile.sockets', 'target', target);
    const sockets = await overlay.open({ kind: 'tool', modules: ['test.hostile.sockets', 'demo.tool.counter'] });
    await expect(sockets.content.locator('body')).toHaveAttribute('data-done', '1', { timeout: 30_000 });
    // Chromium serialises connects to one host and port: each socket a module sends there queues the overlay's own.
    const sent: string[] = [];
    let authAfter = Number.NaN;
    const reloadedAt = Date.now();
    page.on('websocket', (socket) => {
      if (socket.url() !== target) return;
      sent.push(socket.url());
      socket.on('framesent', ({ payload }) => {
        if (Number.isNaN(authAfter) && String(payload).includes('"auth"')) authAfter = Date.now() - reloadedAt;
      });
    });
    await page.reload();
    await expect(sockets.content.locator('body')).toHaveAttribute('data-done', '1', { timeout: 30_000 });
    await expect(new DebugPanel(page).live).toHaveText('live');
    const seen = JSON.parse((await sockets.getByTestId('report').textContent()) ?? '{}') as { opened: number; refused: number };
    expect(seen).toMatchObject({ opened: 0, refused: 200 });
    testInfo.annotations.push({ type: 'overlay socket signed in after reload', description: `${authAfter} ms` });
    expect(sent).toEqual([target]);
  });

  test('a module page or SVG opened directly runs sandboxed, away from the page origin and its storage', async ({ page, baseURL }) => {
    const response = await page.goto('/modules/test.hostile.direct/index.html');
    expect(response!.headers()['content-security-policy']).toBe('sandbox allow-scripts');
    expect(response!.headers()['x-content-type-options']).toBe('nosniff');
    await expect(page.locator('body')).toHaveAttribute('data-done', '1');
    const seen = JSON.parse((await page.getByTestId('report').textContent()) ?? '{}') as Record<string, string>;
    expect(seen.origin).toBe('null');
    expect(seen.origin).not.toBe(new URL(baseURL!).origin);
    expect(seen.localStorage).toMatch(/^blocked/);
    expect(seen.indexedDB).toMatch(/^blocked/);
    await page.goto('/modules/test.hostile.direct/image.svg');
    await expect(page.locator('#report')).toHaveText(/^null blocked: SecurityError$/);
  });

  test.describe('with members beyond the spec in the profile', () => {
    const seed = structuredClone(DEMO_SEED);
    const profile = seed.users[0]!.profile as typeof seed.users[0]['profile'] & Record<string, unknown>;
    profile.paymentToken = 'secret-payment-7f3a';
    (profile.user as Record<string, unknown>).email = 'secret-mail-9c1d@example.com';
    (profile.twitch as Record<string, unknown>).oauthToken = 'secret-oauth-5e2b';
    test.use({ seed });

    test('a snooping module sees only the members of the spec, never one added later', async ({ overlay }) => {
      const snoop = await overlay.open({ kind: 'tool', modules: ['test.hostile.snoop', 'demo.tool.counter'] });
      await expect(snoop.content.locator('body')).toHaveAttribute('data-done', '1');
      const report = (await snoop.getByTestId('report').textContent()) ?? '';
      expect(report).toContain(profile.twitch.stream.title.slice(0, 20));
      for (const secret of ['secret-payment-7f3a', 'secret-mail-9c1d', 'secret-oauth-5e2b']) expect(report).not.toContain(secret);
    });
  });
});
