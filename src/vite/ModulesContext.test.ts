import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModulesContext } from './ModulesContext.ts';
import { makeTempRoot, writeFixtureModule } from './writeFixtureModule.ts';

let root: string;
let dir: string;
let context: ModulesContext;
let sent: [string, unknown][];
let invalidations: number;
const bundleSdk = vi.fn(async () => ({ classic: 'c', esm: 'e', types: 't' }));

beforeEach(async () => {
  root = await makeTempRoot();
  dir = join(root, 'modules');
  await writeFixtureModule(dir, 'demo.a', { name: 'A', kind: 'tool' });
  context = new ModulesContext({ root, dirs: [dir], sdkDir: join(root, 'src/sdk'), bundleSdk, logger: { warn() {}, info() {} } });
  await context.scan();
  sent = [];
  invalidations = 0;
  context.connect({ send: (event, data) => sent.push([event, data]), invalidate: () => invalidations++ });
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('ModulesContext.handleFileEvent', () => {
  it('sends overlay:module-changed for an edit inside a module, and claims the file', () => {
    expect(context.handleFileEvent('update', join(dir, 'demo.a/index.html'))).toBe(true);
    expect(context.handleFileEvent('create', join(dir, 'demo.a/img/logo.svg'))).toBe(true);
    expect(sent).toEqual([
      ['overlay:module-changed', { id: 'demo.a' }],
      ['overlay:module-changed', { id: 'demo.a' }],
    ]);
  });

  it('ignores edits of a module test, and leaves files outside the module folders to Vite', () => {
    expect(context.handleFileEvent('update', join(dir, 'demo.a/demo.a.spec.ts'))).toBe(true);
    expect(context.handleFileEvent('update', join(root, 'src/runtime/main.tsx'))).toBe(false);
    expect(sent).toEqual([]);
  });

  it('rescans on a manifest change and sends the new catalog once', async () => {
    await writeFile(join(dir, 'demo.a/module.json'), JSON.stringify({ name: 'A2', kind: 'tool' }));
    expect(context.handleFileEvent('update', join(dir, 'demo.a/module.json'))).toBe(true);
    await context.rescan();
    expect(invalidations).toBe(1);
    expect(sent).toEqual([['overlay:modules', { modules: [expect.objectContaining({ name: 'A2' })], problems: [] }]]);
  });

  it('picks up a new module folder and drops a removed one', async () => {
    const folder = await writeFixtureModule(dir, 'demo.b', { name: 'B', kind: 'game' });
    context.handleFileEvent('create', join(folder, 'index.html'));
    await context.rescan();
    expect(context.catalog.modules.map((module) => module.id)).toEqual(['demo.a', 'demo.b']);
    await rm(folder, { recursive: true });
    context.handleFileEvent('delete', folder);
    await context.rescan();
    expect(context.catalog.modules.map((module) => module.id)).toEqual(['demo.a']);
    expect(sent.map(([event]) => event)).toEqual(['overlay:modules', 'overlay:modules']);
  });

  it('rebundles the SDK and reloads every module after an SDK source edit', async () => {
    await context.sdk.get();
    expect(context.handleFileEvent('update', join(root, 'src/sdk/index.ts'))).toBe(false);
    await context.sdk.get();
    expect(bundleSdk).toHaveBeenCalledTimes(2);
    expect(sent).toEqual([['overlay:module-changed', { id: 'demo.a' }]]);
  });
});

describe('ModulesContext.scan', () => {
  it('warns once about each new problem, naming the path', async () => {
    const warn = vi.fn();
    const noisy = new ModulesContext({ root, dirs: [dir], sdkDir: root, bundleSdk, logger: { warn, info() {} } });
    await writeFixtureModule(dir, 'demo.bad', { kind: 'tool' });
    await noisy.scan();
    await noisy.scan();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatch(/skipped modules\/demo\.bad\/module\.json: invalid manifest: name/);
  });
});
