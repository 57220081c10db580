import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ModuleManifestSchema } from '../api/index.ts';
import { readModuleFolder } from '../vite/index.ts';
import { createModule, displayName, parseArgs, runNewModule } from './newModule.ts';

let cwd: string;
beforeEach(async () => {
  cwd = await mkdtemp(join(tmpdir(), 'new-module-'));
});
afterEach(() => rm(cwd, { recursive: true, force: true }));

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { cwd, log: (line: string) => out.push(line), error: (line: string) => err.push(line) } };
}

describe('createModule', () => {
  it('writes a manifest the plugin accepts, a page using the SDK and a spec', async () => {
    const dir = join(cwd, 'modules');
    await createModule(dir, 'me.game.big-clock', 'game');
    const folder = join(dir, 'me.game.big-clock');
    expect((await readdir(folder)).sort()).toEqual(['index.html', 'me.game.big-clock.spec.ts', 'module.json', 'panel.html']);
    const manifest = JSON.parse(await readFile(join(folder, 'module.json'), 'utf8'));
    expect(ModuleManifestSchema.parse(manifest)).toEqual({
      name: 'Big clock',
      kind: 'game',
      width: 480,
      height: 160,
      position: { x: 24, y: 24 },
      panelHeight: 80,
      settings: {
        label: { type: 'text', label: 'Label', default: 'Big clock', maxLength: 40 },
        sound: { type: 'sound', label: 'Click sound', default: '' },
      },
    });
    expect(await readModuleFolder(folder, 'me.game.big-clock')).toMatchObject({ ok: true });
    const html = await readFile(join(folder, 'index.html'), 'utf8');
    expect(html).toContain('<script src="/sdk.js"></script>');
    expect(html).toContain("Overlay.db.set('count', count)");
    expect(html).toMatch(/data-testid="count"[\s\S]*data-testid="increment"/);
    expect(html).toContain("const { label, sound } = await Overlay.settings();");
    const spec = await readFile(join(folder, 'me.game.big-clock.spec.ts'), 'utf8');
    expect(spec).toContain("from '../../e2e/fixtures.ts'");
    expect(spec).toContain("overlay.open({ kind: 'game', modules: ['me.game.big-clock'] })");
    expect(spec).toContain("api.get('me.game.big-clock', 'count', 'game')");
    expect(spec).toContain("api.setMedia('me.game.big-clock', 'sound', { bytes: toneWav(0.3), name: 'click.wav' }, 'game')");
    expect(spec).toContain("await overlay.emitEvent('channel.raid', exampleEvent('channel.raid', { userName: 'CozyCactus', amount: 12 }));");
  });

  it.each(['nodot', 'bad id.x', 'a:b.c', '.lead.x', 'trail.', 'a..b', `x.${'y'.repeat(130)}`])(
    'refuses the id %j',
    async (id) => {
      await expect(createModule(cwd, id, 'tool')).rejects.toThrow(/is not a module id/);
    },
  );

  it('refuses a taken id and an unknown kind, writing nothing', async () => {
    await createModule(cwd, 'me.tool.clock', 'tool');
    await expect(createModule(cwd, 'me.tool.clock', 'tool')).rejects.toThrow(/"me.tool.clock" is taken/);
    await expect(createModule(cwd, 'me.tool.other', 'widget')).rejects.toThrow(/"widget" is not a kind/);
    expect(await readdir(cwd)).toEqual(['me.tool.clock']);
  });
});

describe('runNewModule', () => {
  it('creates under ./modules and exits 0', async () => {
    const { out, err, io: streams } = io();
    expect(await runNewModule(['me.event.confetti', '--kind', 'event'], streams)).toBe(0);
    expect(err).toEqual([]);
    expect(out[0]).toBe('Created module "me.event.confetti" (event):');
    expect(JSON.parse(await readFile(join(cwd, 'modules/me.event.confetti/module.json'), 'utf8')).kind).toBe('event');
  });

  it('exits 1 with a clear message on a bad id, a bad kind, a taken id or bad arguments', async () => {
    const { err, io: streams } = io();
    expect(await runNewModule(['nodot'], streams)).toBe(1);
    expect(await runNewModule(['me.x', '--kind=nope'], streams)).toBe(1);
    expect(await runNewModule(['me.x'], streams)).toBe(0);
    expect(await runNewModule(['me.x'], streams)).toBe(1);
    expect(await runNewModule([], streams)).toBe(1);
    expect(err).toEqual([
      expect.stringContaining('"nodot" is not a module id'),
      expect.stringContaining('"nope" is not a kind'),
      expect.stringContaining('"me.x" is taken'),
      expect.stringMatching(/^usage: npm run new-module/),
    ]);
  });
});

describe('parseArgs and displayName', () => {
  it('reads flags in both forms and defaults kind and dir', () => {
    expect(parseArgs(['a.b'])).toEqual({ id: 'a.b', kind: 'tool', dir: 'modules' });
    expect(parseArgs(['--kind', 'game', 'a.b', '--dir=x'])).toEqual({ id: 'a.b', kind: 'game', dir: 'x' });
    expect(displayName('me.tool.big_clock-face')).toBe('Big clock face');
  });
});
