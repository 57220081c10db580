import { cp, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_SEED, DEMO_TOKENS } from '../src/server/index.ts';
import { DevServer } from './support/DevServer.ts';

const ID = 'test.hostile.symlink';

// The module's folder holds `passwd -> /etc/passwd` and `root -> /`, made here: a
// symlink to / has no place in the repository (tools that walk it would crawl the disk).
test.describe('a module reading files through symlinks, in npm run dev', () => {
  test.setTimeout(120_000);
  let dir: string;
  let dev: DevServer;

  test.beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'overlay-symlinks-'));
    await cp(join('e2e/modules', ID), join(dir, ID), { recursive: true });
    await symlink('/etc/passwd', join(dir, ID, 'passwd'));
    await symlink('/', join(dir, ID, 'root'));
    const seed = structuredClone(DEMO_SEED);
    seed.users[0]!.profile.selected.tools = [ID, 'demo.tool.counter'];
    await writeFile(join(dir, 'seed.json'), JSON.stringify(seed));
    dev = await DevServer.start(['--store', 'memory', '--seed', join(dir, 'seed.json')], { OVERLAY_MODULE_DIRS: dir });
  });

  test.afterAll(async () => {
    await dev?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('gets 404 for a file symlink and a folder symlink that lead out; the others keep working', async ({ page }) => {
    await page.goto(`${dev.url}/?token=${DEMO_TOKENS.tool}&kind=tool&debug=1`);
    const frame = page.locator(`iframe[data-module-id="${ID}"]`).contentFrame();
    await expect(frame.locator('body')).toHaveAttribute('data-done', '1');
    const results = JSON.parse((await frame.getByTestId('report').textContent()) ?? '[]') as { path: string; status?: number; error?: string }[];
    // Its page's policy refuses every fetch of its own site (the page server, which also serves the API)...
    expect(results.map((result) => [result.path, result.error])).toEqual([
      ['passwd', 'TypeError: Failed to fetch'],
      ['root/etc/passwd', 'TypeError: Failed to fetch'],
      ['root/etc/hostname', 'TypeError: Failed to fetch'],
    ]);
    expect(JSON.stringify(results)).not.toContain('root:');
    // ...and the server refuses the same paths to anyone who asks.
    for (const path of ['passwd', 'root/etc/passwd', 'root/etc/hostname']) {
      const response = await page.request.get(`${dev.url}/modules/${ID}/${path}`);
      expect(response.status(), path).toBe(404);
      expect(await response.text()).not.toContain('root:');
    }
    const counter = page.locator('iframe[data-module-id="demo.tool.counter"]');
    await expect(counter).toHaveAttribute('data-state', 'ready');
    expect(dev.output()).toMatch(/refused \/modules\/test\.hostile\.symlink\/passwd: it is a symlink/);
  });
});
