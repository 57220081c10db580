import { resolve } from 'node:path';
import { expect, test } from './fixtures.ts';
import { freePort } from '../src/server/testing/freePort.ts';
import { ModuleFrame } from './support/ModuleFrame.ts';
import { CountingServer } from './support/CountingServer.ts';
import { buildSite, removeSite, startPageServer } from './support/SiteBuild.ts';
import { StaticFileServer } from './support/StaticFileServer.ts';

// One build for the file, made as a deployment makes it: modules from their own
// sites on a port of their own (`*.localhost` stands in for a real wildcard domain).
const outDir = resolve(`node_modules/.cache/overlay-deploy-${process.pid}`);
let pageHost: StaticFileServer;
let moduleHost: StaticFileServer;
let modulePort: number;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  modulePort = await freePort();
  await buildSite(outDir, { OVERLAY_MODULE_DIRS: 'e2e/modules', OVERLAY_MODULE_ORIGIN: `http://{site}.localhost:${modulePort}` });
  pageHost = await StaticFileServer.start(outDir);
  moduleHost = await StaticFileServer.start(outDir, modulePort);
});

test.afterAll(async () => {
  await pageHost?.stop();
  await moduleHost?.stop();
  await removeSite(outDir);
});

/** The address of a module's frame: its own site (a readable label and a hash) on the modules' port, told the API base. */
const siteOf = (id: string) =>
  new RegExp(`^http://${id.replace(/\./g, '-')}-[0-9a-f]{13}\\.localhost:${modulePort}/modules/${id.replace(/\./g, '\\.')}/index\\.html\\?api=[^&#]+#`);

test.describe('the built page on a plain static host', () => {
  test('runs with the API on another origin and each module on its own site; a hung module restarts alone', async ({ overlay, api, page }) => {
    await api.selectModules('tool', ['test.hostile.hang', 'demo.tool.counter']);
    await page.goto(`${pageHost.url}${overlay.url({ kind: 'tool' })}`);
    const counter = overlay.module('demo.tool.counter');
    await counter.waitUntilReady();
    await expect(counter.iframe).toHaveAttribute('src', siteOf('demo.tool.counter'));
    await expect(overlay.module('test.hostile.hang').iframe).toHaveAttribute('src', siteOf('test.hostile.hang'));
    const marker = await counter.markWindow();
    await expect.poll(() => api.get('test.hostile.hang', 'boots'), { timeout: 45_000 }).toBeGreaterThanOrEqual(2);
    // The neighbour was never reloaded: on a site of its own, it runs in a process of its own.
    expect(await marker()).toBe(true);
    await counter.getByTestId('increment').click();
    await expect(counter.getByTestId('count')).toHaveText('1');
    await expect.poll(() => api.get('demo.tool.counter', 'count')).toBe(1);
  });

  test('a module page keeps its policy on a host that sends no header: a declared origin answers, an undeclared one and the API are refused', async ({ overlay, api, page }) => {
    // The second origin test.hostile.connect declares (e2e/moduleConnect.spec.ts uses the first).
    const declared = await CountingServer.start(19732);
    const undeclared = await CountingServer.start();
    try {
      await api.set('test.hostile.connect', 'targets', { declared: `${declared.url}/declared`, undeclared: `${undeclared.url}/undeclared`, api: `${api.url}/me` });
      await api.selectModules('tool', ['test.hostile.connect', 'demo.tool.counter']);
      await page.goto(`${pageHost.url}${overlay.url({ kind: 'tool' })}`);
      const probe = overlay.module('test.hostile.connect');
      await expect(probe.content.locator('body')).toHaveAttribute('data-done', '1');
      const seen = JSON.parse((await probe.getByTestId('report').textContent()) ?? '{}') as Record<string, string>;
      expect(seen).toMatchObject({ declared: `200 hello from ${declared.url}`, undeclared: 'failed TypeError', api: 'failed TypeError' });
      expect(undeclared.paths).toEqual([]);
    } finally {
      await declared.stop();
      await undeclared.stop();
    }
  });

  test('npm start --module-origin writes the template into the page it serves', async ({ page }) => {
    const port = await freePort();
    const server = await startPageServer(['--port', String(port), '--store', 'memory', '--dist', outDir, '--module-origin', `http://{site}.localhost:${modulePort}`]);
    try {
      // npm start has no fixed overlay token: the streamer's tool overlay id, as printed, is exchanged for one.
      const exchanged = await fetch(`${server.url}/api/auth/overlay`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ overlay: server.overlays.tool }),
      });
      const { token } = (await exchanged.json()) as { token: string };
      const stored = await fetch(`${server.url}/api/me/database`, {
        method: 'PATCH',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ id: 'demo.tool.counter', key: 'count', value: 7 }),
      });
      expect(stored.status).toBe(200);
      await page.goto(`${server.url}/?overlay=${encodeURIComponent(server.overlays.tool!)}`);
      const counter = new ModuleFrame(page, 'demo.tool.counter');
      await counter.waitUntilReady();
      await expect(counter.iframe).toHaveAttribute('src', siteOf('demo.tool.counter'));
      // Read through the page from the API it serves under /api.
      await expect(counter.getByTestId('count')).toHaveText('7');
    } finally {
      await server.stop();
    }
  });
});
