import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { DEMO_SEED } from '../src/server/index.ts';
import { DevServer } from './support/DevServer.ts';

const run = promisify(execFile);
const ID = 'e2e.tool.fresh';

// A module author's first five minutes: scaffold, see it live, edit, see the edit.
test.describe('scaffold and hot reload in npm run dev', () => {
  test.setTimeout(120_000);
  let dir: string;
  let dev: DevServer;

  test.beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'overlay-modules-'));
    const seed = structuredClone(DEMO_SEED);
    seed.users[0]!.profile.selected.tools = ['demo.tool.counter', ID];
    await writeFile(join(dir, 'seed.json'), JSON.stringify(seed));
    dev = await DevServer.start(['--store', 'memory', '--seed', join(dir, 'seed.json')], { OVERLAY_MODULE_DIRS: dir });
  });

  test.afterAll(async () => {
    await dev?.stop();
  });

  test('new-module creates a module that appears at once; an edit reloads only its frame', async ({ page }) => {
    await page.goto(`${dev.url}/?token=demo-tool-token&kind=tool&debug=1`);
    await expect(page.getByTestId('debug-problems')).toContainText(`unknown module: ${ID}`);
    const counter = page.locator('iframe[data-module-id="demo.tool.counter"]');
    await expect(counter).toHaveAttribute('data-state', 'ready');
    await page.evaluate(() => {
      (window as unknown as { stay: boolean }).stay = true;
    });

    await run(process.execPath, ['--import', 'tsx', 'src/cli/newModule.ts', ID, '--kind', 'tool', '--dir', dir]);
    const fresh = page.locator(`iframe[data-module-id="${ID}"]`);
    await expect(fresh).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
    await expect(page.getByTestId('debug-problems')).not.toContainText('unknown module');

    const counterFrame = await (await counter.elementHandle())!.contentFrame();
    await counterFrame!.evaluate(() => {
      (window as unknown as { stay: boolean }).stay = true;
    });
    const page0 = join(dir, ID, 'index.html');
    const html = await readFile(page0, 'utf8');
    await writeFile(page0, html.replace('</body>', '<p data-testid="edited">edited live</p></body>'));
    await expect(fresh.contentFrame().getByTestId('edited')).toHaveText('edited live', { timeout: 20_000 });

    // The page and the counter's frame were not reloaded.
    expect(await page.evaluate(() => (window as unknown as { stay?: boolean }).stay)).toBe(true);
    expect(await counterFrame!.evaluate(() => (window as unknown as { stay?: boolean }).stay)).toBe(true);
  });

  test('npm run dev serves the studio at /studio, running the overlay it is given', async ({ page }) => {
    const overlay = DEMO_SEED.users[0]!.profile.overlays.tool;
    await page.goto(`${dev.url}/studio?${new URLSearchParams({ overlay, api: `${dev.url}/api` })}`);
    await expect(page).toHaveTitle('Overlay studio');
    await expect(page.getByTestId('studio-phase')).toContainText('running');
  });

  test('npm run dev serves the dock at /dock, with the scaffolded module\'s setting and panel', async ({ page }) => {
    await page.goto(`${dev.url}/dock?${new URLSearchParams({ token: 'demo-tool-token', api: `${dev.url}/api` })}`);
    await expect(page).toHaveTitle('Overlay dock');
    await expect(page.getByRole('heading', { name: 'Counter', exact: true })).toBeVisible();
    const fresh = page.getByTestId(`dock-module-${ID}`);
    await expect(fresh.getByLabel('Label', { exact: true })).toHaveValue('Fresh', { timeout: 20_000 });
    await expect(fresh.locator(`iframe[data-module-id="${ID}"]`).contentFrame().getByTestId('panel-increment')).toBeEnabled();
  });

  test('new-module refuses an invalid or taken id with a clear message', async () => {
    const invalid = run(process.execPath, ['--import', 'tsx', 'src/cli/newModule.ts', 'Bad Id!', '--dir', dir]);
    await expect(invalid).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/id/i) });
    const taken = run(process.execPath, ['--import', 'tsx', 'src/cli/newModule.ts', 'demo.tool.counter', '--dir', 'modules']);
    await expect(taken).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/taken|exists/i) });
  });
});
