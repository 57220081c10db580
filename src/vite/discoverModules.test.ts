import { rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { discoverModules } from './discoverModules.ts';
import { makeTempRoot, writeFixtureModule } from './writeFixtureModule.ts';

let root: string;
beforeEach(async () => {
  root = await makeTempRoot();
});
afterEach(() => rm(root, { recursive: true, force: true }));

const tool = { name: 'Counter', kind: 'tool' };

describe('discoverModules', () => {
  it('lists valid modules sorted by id, with defaults and the page URL', async () => {
    const dir = join(root, 'modules');
    await writeFixtureModule(dir, 'demo.b', { name: 'B', kind: 'game', width: 800, height: 600 });
    await writeFixtureModule(dir, 'demo.a', tool);
    const { modules, problems } = await discoverModules([dir], root);
    expect(problems).toEqual([]);
    expect(modules.map((module) => module.entry)).toEqual([
      { id: 'demo.a', url: '/modules/demo.a/index.html', name: 'Counter', kind: 'tool', width: 1920, height: 1080 },
      { id: 'demo.b', url: '/modules/demo.b/index.html', name: 'B', kind: 'game', width: 800, height: 600 },
    ]);
    expect(modules[0]!.dir).toBe(join(dir, 'demo.a'));
  });

  it('skips a bad manifest with its path and the reason', async () => {
    const dir = join(root, 'modules');
    await writeFixtureModule(dir, 'demo.good', tool);
    await writeFixtureModule(dir, 'demo.kind', { name: 'x', kind: 'widget' });
    await writeFixtureModule(dir, 'demo.json', '{ nope');
    await writeFixtureModule(dir, 'demo.nopage', tool, {});
    const { modules, problems } = await discoverModules([dir], root);
    expect(modules.map((module) => module.entry.id)).toEqual(['demo.good']);
    expect(problems).toEqual([
      { path: 'modules/demo.json/module.json', reason: expect.stringContaining('not JSON') },
      { path: 'modules/demo.kind/module.json', reason: expect.stringMatching(/^invalid manifest: kind: /) },
      { path: 'modules/demo.nopage/module.json', reason: 'index.html is missing' },
    ]);
  });

  it('keeps a manifest position; skips a bad one, naming the file and the member', async () => {
    const dir = join(root, 'modules');
    await writeFixtureModule(dir, 'demo.placed', { ...tool, width: 400, height: 200, position: { x: -20, y: 860 } });
    await writeFixtureModule(dir, 'demo.half', { ...tool, position: { x: 10.5, y: 0 } });
    await writeFixtureModule(dir, 'demo.far', { ...tool, position: { x: 0, y: 7681 } });
    await writeFixtureModule(dir, 'demo.text', { ...tool, position: '10,10' });
    await writeFixtureModule(dir, 'demo.extra', { ...tool, position: { x: 0, y: 0, z: 1 } });
    await writeFixtureModule(dir, 'demo.noy', { ...tool, position: { x: 0 } });
    const { modules, problems } = await discoverModules([dir], root);
    expect(modules.map((module) => module.entry)).toEqual([
      { id: 'demo.placed', url: '/modules/demo.placed/index.html', name: 'Counter', kind: 'tool', width: 400, height: 200, position: { x: -20, y: 860 } },
    ]);
    expect(problems).toEqual([
      { path: 'modules/demo.extra/module.json', reason: expect.stringMatching(/^invalid manifest: position: .*z/) },
      { path: 'modules/demo.far/module.json', reason: expect.stringMatching(/^invalid manifest: position\.y: /) },
      { path: 'modules/demo.half/module.json', reason: expect.stringMatching(/^invalid manifest: position\.x: /) },
      { path: 'modules/demo.noy/module.json', reason: expect.stringMatching(/^invalid manifest: position\.y: /) },
      { path: 'modules/demo.text/module.json', reason: expect.stringMatching(/^invalid manifest: position: /) },
    ]);
  });

  it('lists a panel.html as the entry\'s panel and keeps the settings block', async () => {
    const dir = join(root, 'modules');
    const settings = { title: { type: 'text', label: 'Goal title', default: 'Sub goal' } };
    await writeFixtureModule(dir, 'demo.goal', { ...tool, settings }, { 'index.html': '<p></p>', 'panel.html': '<p></p>' });
    const { modules } = await discoverModules([dir], root);
    expect(modules[0]!.entry).toMatchObject({ panel: '/modules/demo.goal/panel.html', settings });
  });

  it('skips a module with a bad settings block, naming the file and the setting', async () => {
    const dir = join(root, 'modules');
    await writeFixtureModule(dir, 'demo.goal', { ...tool, settings: { goal: { type: 'number', label: 'Target', default: 0, min: 1 } } });
    const { modules, problems } = await discoverModules([dir], root);
    expect(modules).toEqual([]);
    expect(problems).toEqual([
      { path: 'modules/demo.goal/module.json', reason: 'invalid manifest: settings.goal: default 0 must be at least 1' },
    ]);
  });

  it('skips a module whose media setting names a default file it lacks, and keeps one that has it', async () => {
    const dir = join(root, 'modules');
    const sound = { type: 'sound', label: 'Sound', default: 'sounds/chime.ogg' };
    await writeFixtureModule(dir, 'demo.has', { ...tool, settings: { sound } }, { 'index.html': '<p></p>', 'sounds/chime.ogg': 'OggS' });
    await writeFixtureModule(dir, 'demo.lacks', { ...tool, settings: { sound } });
    await writeFixtureModule(dir, 'demo.folder', { ...tool, settings: { sound } }, { 'index.html': '<p></p>', 'sounds/chime.ogg/x': '' });
    const { modules, problems } = await discoverModules([dir], root);
    expect(modules.map((module) => module.entry.id)).toEqual(['demo.has']);
    const reason = 'invalid manifest: settings.sound: default file "sounds/chime.ogg" is not in the module folder';
    expect(problems).toEqual([
      { path: 'modules/demo.folder/module.json', reason },
      { path: 'modules/demo.lacks/module.json', reason },
    ]);
  });

  it('skips a module whose default file is a symlink out of its folder', async () => {
    const dir = join(root, 'modules');
    await writeFile(join(root, 'secret.png'), 'not for modules');
    const folder = await writeFixtureModule(dir, 'demo.link', { ...tool, settings: { picture: { type: 'image', label: 'Picture', default: 'picture.png' } } });
    await symlink(join(root, 'secret.png'), join(folder, 'picture.png'));
    const { modules, problems } = await discoverModules([dir], root);
    expect(modules).toEqual([]);
    expect(problems.map((problem) => problem.reason)).toEqual([
      'invalid manifest: settings.picture: default file "picture.png" is not in the module folder',
    ]);
  });

  it('skips a folder whose name is not a module id, and ignores folders without a manifest', async () => {
    const dir = join(root, 'modules');
    await writeFixtureModule(dir, 'not an id', tool);
    await writeFixtureModule(dir, 'shared-assets', undefined);
    await writeFixtureModule(dir, '.hidden', tool);
    const { modules, problems } = await discoverModules([dir], root);
    expect(modules).toEqual([]);
    expect(problems).toEqual([
      { path: 'modules/not an id/module.json', reason: expect.stringContaining('"not an id" is not a module id') },
    ]);
  });

  it('reads several folders; the first one of an id wins; a missing folder is empty', async () => {
    await writeFixtureModule(join(root, 'modules'), 'demo.a', tool);
    await writeFixtureModule(join(root, 'e2e/modules'), 'evil.a', { name: 'Evil', kind: 'tool' });
    await writeFixtureModule(join(root, 'e2e/modules'), 'demo.a', tool);
    const dirs = [join(root, 'modules'), join(root, 'e2e/modules'), join(root, 'absent')];
    const { modules, problems } = await discoverModules(dirs, root);
    expect(modules.map((module) => module.entry.id)).toEqual(['demo.a', 'evil.a']);
    expect(problems).toEqual([
      { path: 'e2e/modules/demo.a/module.json', reason: 'module id "demo.a" is already taken by modules/demo.a' },
    ]);
  });
});
