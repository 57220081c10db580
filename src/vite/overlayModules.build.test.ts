import { readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build, createLogger } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overlayModules } from './overlayModules.ts';
import { withModulePolicy } from './withModulePolicy.ts';
import { makeTempRoot, writeFixtureModule } from './writeFixtureModule.ts';

let root: string;
let outDir: string;
const warnings: string[] = [];

beforeAll(async () => {
  root = await makeTempRoot();
  outDir = join(root, 'out');
  await writeFixtureModule(join(root, 'modules'), 'demo.a', { name: 'A', kind: 'tool', connect: ['https://api.example.com'], settings: { title: { type: 'text', label: 'Headline of A', default: 'Hi' } } }, {
    'index.html': '<!doctype html><script src="/sdk.js"></script>\n',
    'panel.html': '<p>panel</p>\n',
    'icon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
    'js/app.js': 'Overlay.ready.then(() => {});\n',
    'demo.a.spec.ts': 'test("x", () => {});\n',
  });
  await writeFile(join(root, 'secret.txt'), 'TOPSECRET');
  await symlink(join(root, 'secret.txt'), join(root, 'modules/demo.a/secret.txt'));
  await symlink('/etc/passwd', join(root, 'modules/demo.a/passwd'));
  await symlink('/', join(root, 'modules/demo.a/root'));
  await symlink('js/app.js', join(root, 'modules/demo.a/app-link.js'));
  await symlink('js', join(root, 'modules/demo.a/scripts'));
  await writeFixtureModule(join(root, 'modules'), 'demo.bad', { name: 'Bad', kind: 'nope' });
  await writeFile(
    join(root, 'index.html'),
    '<script type="module">import { loadSettings, modules } from "virtual:overlay-page-catalog"; console.log(modules, loadSettings);</script>\n',
  );
  await build({
    root,
    configFile: false,
    logLevel: 'silent',
    customLogger: { ...createLogger('silent'), warn: (message: string) => void warnings.push(message) },
    build: { outDir },
    plugins: [overlayModules({ env: {}, moduleOrigin: 'https://{site}.modules.example.com', bundleSdk: async () => ({ classic: 'classic', esm: 'esm', types: 'types' }) })],
  });
});
afterAll(() => rm(root, { recursive: true, force: true }));

const read = (path: string) => readFile(join(outDir, path), 'utf8');

describe('overlayModules in a build', () => {
  it('emits the module files as they are, without their tests, and writes the policy into each page', async () => {
    expect(await read('modules/demo.a/index.html')).toBe(withModulePolicy('<!doctype html><script src="/sdk.js"></script>\n', ['https://api.example.com']));
    expect(await read('modules/demo.a/index.html')).toMatch(/^<!doctype html><meta charset="utf-8"><script>[^<]*connect-src https:\/\/api\.example\.com /);
    expect(await read('modules/demo.a/panel.html')).toBe(withModulePolicy('<p>panel</p>\n', ['https://api.example.com']));
    expect(await read('modules/demo.a/icon.svg')).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>\n');
    expect(await read('modules/demo.a/js/app.js')).toContain('Overlay.ready');
    await expect(read('modules/demo.a/demo.a.spec.ts')).rejects.toThrow(/ENOENT/);
    await expect(read('modules/demo.bad/index.html')).rejects.toThrow(/ENOENT/);
  });

  it('ships symlinks that stay inside the module folder, and skips those that lead out with a warning', async () => {
    expect(await read('modules/demo.a/app-link.js')).toContain('Overlay.ready');
    expect(await read('modules/demo.a/scripts/app.js')).toContain('Overlay.ready');
    expect((await readdir(join(outDir, 'modules/demo.a'))).sort()).toEqual(['app-link.js', 'icon.svg', 'index.html', 'js', 'module.json', 'panel.html', 'scripts']);
    for (const path of ['secret.txt', 'passwd', 'root']) {
      expect(warnings.filter((line) => line.includes(`modules/demo.a/${path} is a symlink`)), path).toHaveLength(1);
    }
  });

  it('emits the SDK files and the catalog', async () => {
    expect([await read('sdk.js'), await read('sdk.mjs'), await read('sdk.d.ts')]).toEqual(['classic', 'esm', 'types']);
    const catalog = JSON.parse(await read('modules.json'));
    expect(catalog.modules).toEqual([
      { id: 'demo.a', url: '/modules/demo.a/index.html', panel: '/modules/demo.a/panel.html', name: 'A', kind: 'tool', width: 1920, height: 1080, connect: ['https://api.example.com'], settings: { title: { type: 'text', label: 'Headline of A', default: 'Hi' } } },
    ]);
    expect(catalog.problems).toEqual([{ path: 'modules/demo.bad/module.json', reason: expect.any(String) }]);
  });

  it('writes the module origin into the page (not into module pages)', async () => {
    expect(await read('index.html')).toContain('<meta name="overlay-module-origin" content="https://{site}.modules.example.com">');
    expect(await read('modules/demo.a/index.html')).not.toContain('overlay-module-origin');
  });

  it('bundles the catalog into the page', async () => {
    const html = await read('index.html');
    const script = html.match(/src="\/(assets\/[^"]+\.js)"/)![1]!;
    expect(await read(script)).toContain('/modules/demo.a/index.html');
  });

  it("leaves the modules' settings out of the page, in a chunk of their own", async () => {
    const html = await read('index.html');
    const script = await read(html.match(/src="\/(assets\/[^"]+\.js)"/)![1]!);
    expect(script).not.toContain('Headline of A');
    const chunks = await readdir(join(outDir, 'assets'));
    const settings = chunks.find((name) => name.includes('overlay-module-settings'));
    expect(settings, chunks.join(', ')).toBeDefined();
    expect(await read(`assets/${settings}`)).toContain('Headline of A');
    expect(script).toContain(settings);
  });
});
