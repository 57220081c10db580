import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overlayModules } from './overlayModules.ts';
import { makeTempRoot, writeFixtureModule } from './writeFixtureModule.ts';

let root: string;
let outDir: string;

beforeAll(async () => {
  root = await makeTempRoot();
  outDir = join(root, 'out');
  await writeFixtureModule(join(root, 'modules'), 'demo.a', { name: 'A', kind: 'tool' }, {
    'index.html': '<!doctype html><script src="/sdk.js"></script>\n',
    'js/app.js': 'Overlay.ready.then(() => {});\n',
    'demo.a.spec.ts': 'test("x", () => {});\n',
  });
  await writeFixtureModule(join(root, 'modules'), 'demo.bad', { name: 'Bad', kind: 'nope' });
  await writeFile(
    join(root, 'index.html'),
    '<script type="module">import { modules } from "virtual:overlay-modules"; console.log(modules);</script>\n',
  );
  await build({
    root,
    configFile: false,
    logLevel: 'silent',
    build: { outDir },
    plugins: [overlayModules({ env: {}, moduleOrigin: 'https://{site}.modules.example.com', bundleSdk: async () => ({ classic: 'classic', esm: 'esm', types: 'types' }) })],
  });
});
afterAll(() => rm(root, { recursive: true, force: true }));

const read = (path: string) => readFile(join(outDir, path), 'utf8');

describe('overlayModules in a build', () => {
  it('emits the module files as they are, without their tests', async () => {
    expect(await read('modules/demo.a/index.html')).toBe('<!doctype html><script src="/sdk.js"></script>\n');
    expect(await read('modules/demo.a/js/app.js')).toContain('Overlay.ready');
    await expect(read('modules/demo.a/demo.a.spec.ts')).rejects.toThrow(/ENOENT/);
    await expect(read('modules/demo.bad/index.html')).rejects.toThrow(/ENOENT/);
  });

  it('emits the SDK files and the registry', async () => {
    expect([await read('sdk.js'), await read('sdk.mjs'), await read('sdk.d.ts')]).toEqual(['classic', 'esm', 'types']);
    const registry = JSON.parse(await read('modules.json'));
    expect(registry.modules).toEqual([
      { id: 'demo.a', url: '/modules/demo.a/index.html', name: 'A', kind: 'tool', width: 1920, height: 1080 },
    ]);
    expect(registry.problems).toEqual([{ path: 'modules/demo.bad/module.json', reason: expect.any(String) }]);
  });

  it('writes the module origin into the page (not into module pages)', async () => {
    expect(await read('index.html')).toContain('<meta name="overlay-module-origin" content="https://{site}.modules.example.com">');
    expect(await read('modules/demo.a/index.html')).not.toContain('overlay-module-origin');
  });

  it('bundles the registry into the page', async () => {
    const html = await read('index.html');
    const script = html.match(/src="\/(assets\/[^"]+\.js)"/)![1]!;
    expect(await read(script)).toContain('/modules/demo.a/index.html');
  });
});
