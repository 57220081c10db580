import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';
import { type ModuleGraph, overlaySharedChunk, sharedWithOverlayPage } from './overlaySharedChunk.ts';

function graphOf(edges: Record<string, string[]>, entries: string[]): ModuleGraph {
  return {
    getModuleIds: () => Object.keys(edges),
    getModuleInfo: (id) => (Object.hasOwn(edges, id) ? { isEntry: entries.includes(id), importedIds: edges[id] } : null),
  };
}

describe('sharedWithOverlayPage', () => {
  it('takes what the page reaches statically that another page reaches too, and nothing only one of them reaches', () => {
    const graph = graphOf(
      {
        '/p/index.html': ['/src/main.ts'],
        '/src/main.ts': ['/src/boot.ts', '/src/start.ts'],
        '/src/boot.ts': [],
        '/src/start.ts': ['/src/client.ts', '/lib/zod.js'],
        '/src/client.ts': ['/lib/zod.js'],
        '/lib/zod.js': [],
        '/p/home.html': ['/src/home.ts'],
        '/src/home.ts': ['/src/client.ts', '/src/homeOnly.ts'],
        '/src/homeOnly.ts': [],
        '/p/dock.html': ['/src/start.ts'],
      },
      ['/p/index.html', '/p/home.html', '/p/dock.html'],
    );
    const shared = sharedWithOverlayPage(graph, (id) => id.endsWith('/index.html'));
    expect([...shared].sort()).toEqual(['/lib/zod.js', '/src/client.ts', '/src/start.ts']);
  });

  it('shares nothing when the page is the only entry', () => {
    const graph = graphOf({ '/index.html': ['/a.ts'], '/a.ts': [] }, ['/index.html']);
    expect(sharedWithOverlayPage(graph, (id) => id === '/index.html').size).toBe(0);
  });
});

/** A small site of three pages, written to a temp folder: the overlay page shares modules with each of the others. */
const SITE: Record<string, string> = {
  'index.html': '<!doctype html><script type="module" src="/src/page.ts"></script>',
  'home.html': '<!doctype html><script type="module" src="/src/home.ts"></script>',
  'dock.html': '<!doctype html><script type="module" src="/src/dock.ts"></script>',
  'src/page.ts': "import { pageBoot } from './boot.ts';\nimport { start } from './start.ts';\nimport { apiThree } from './api/index.ts';\nstart(pageBoot(), apiThree());\n",
  'src/boot.ts': "export const pageBoot = () => 'PAGE_ONLY_MARKER';\n",
  'src/start.ts': "import { apiOne } from './api/index.ts';\nimport { request } from './client.ts';\nexport function start(a: string, b: string) { document.title = request(a + b + apiOne() + 'START_MARKER'); }\n",
  'src/client.ts': "export function request(value: string) { return value + 'CLIENT_MARKER'; }\n",
  'src/home.ts': "import { request } from './client.ts';\nimport { apiTwo } from './api/index.ts';\ndocument.title = request(apiTwo());\n",
  'src/dock.ts': "import { start } from './start.ts';\nstart('dock', 'DOCK_ONLY_MARKER');\n",
  'src/api/index.ts': "export { apiOne } from './one.ts';\nexport { apiThree } from './three.ts';\nexport { apiTwo } from './two.ts';\n",
  'src/api/one.ts': "export const apiOne = () => 'API_ONE_MARKER';\n",
  'src/api/three.ts': "export const apiThree = () => 'API_THREE_MARKER';\n",
  'src/api/two.ts': "export const apiTwo = () => 'API_TWO_MARKER';\n",
};

interface ManifestChunk {
  file: string;
  imports?: string[];
}

describe('overlaySharedChunk in a build', () => {
  it('gives the overlay page its entry and one shared chunk, which keeps out what only another page uses', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shared-chunk-'));
    try {
      for (const [file, text] of Object.entries(SITE)) {
        await mkdir(dirname(join(dir, file)), { recursive: true });
        await writeFile(join(dir, file), text);
      }
      const declaresOnly = (id: string) => /[\\/]src[\\/]api[\\/]/.test(id);
      await build({
        root: dir,
        configFile: false,
        logLevel: 'silent',
        plugins: [overlaySharedChunk({ page: 'index.html', declaresOnly })],
        build: {
          outDir: 'out',
          manifest: true,
          minify: false,
          rollupOptions: {
            input: { index: join(dir, 'index.html'), home: join(dir, 'home.html'), dock: join(dir, 'dock.html') },
            treeshake: { moduleSideEffects: (id: string) => !declaresOnly(id) },
          },
        },
      });
      const manifest = JSON.parse(await readFile(join(dir, 'out/.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
      const page = manifest['index.html'];
      expect(page.imports).toHaveLength(1);
      const shared = manifest[page.imports?.[0] ?? ''];
      expect(shared.file).toMatch(/^assets\/overlay-/);
      expect(shared.imports ?? []).toEqual([]);
      expect(manifest['home.html'].imports).toEqual(page.imports);
      expect(manifest['dock.html'].imports).toEqual(page.imports);

      const text = (file: string) => readFile(join(dir, 'out', file), 'utf8');
      const sharedCode = await text(shared.file);
      for (const marker of ['START_MARKER', 'CLIENT_MARKER', 'API_ONE_MARKER']) expect(sharedCode).toContain(marker);
      for (const marker of ['PAGE_ONLY_MARKER', 'API_THREE_MARKER', 'DOCK_ONLY_MARKER', 'API_TWO_MARKER']) expect(sharedCode).not.toContain(marker);
      expect(await text(page.file)).toContain('PAGE_ONLY_MARKER');
      expect(await text(page.file)).toContain('API_THREE_MARKER');
      expect(await text(manifest['home.html'].file)).toContain('API_TWO_MARKER');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
