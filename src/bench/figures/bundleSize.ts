import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { defineFigure } from '../Figure.ts';
import { makeRow } from '../makeRow.ts';
import { measurePageStart, START_TOOLS } from '../bundle/measurePageStart.ts';
import { type Contributor, pageContributors } from '../bundle/pageContributors.ts';
import type { SourceMap } from '../bundle/sourceSpans.ts';
import { runViteBuild } from '../overlay/runViteBuild.ts';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/**
 * `vite build` exactly as `npm run build` ships it, into a temp folder; sizes
 * gzipped (zlib's default level, as servers use). The page counts its entry
 * chunk, its CSS and every chunk it imports statically, not the chunks it
 * loads on demand (the debug panel); the studio is a page of its own. Its note
 * names the five largest contributors to the page script (packages and `src`
 * folders, from the build's source maps), so a regression points at its cause.
 * `bundle.page.start` is what of the page's scripts a start of the tool overlay
 * runs (Chromium's JS coverage), against all they load: the bound of what
 * loading more on demand could gain. `bundle.page.called` keeps every function
 * the start called whole: the least loading on demand by whole functions leaves.
 */
const bundleSize = defineFigure({ name: 'bundle', order: 80, rows: ['bundle.sdk', 'bundle.page', 'bundle.page.start', 'bundle.page.called'] }, async (context) => {
  const outDir = await context.tempDir('bundle-dist');
  context.log('vite build for bundle sizes');
  await runViteBuild({ outDir, manifest: true, sourcemap: true });
  const gzipKB = async (file: string) => gzipSync(await readFile(join(outDir, file))).length / 1024;
  const manifest = JSON.parse(await readFile(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const files = eagerFiles(manifest, 'index.html');
  const sizes = await Promise.all(files.map(async (file) => ({ file, kb: await gzipKB(file) })));
  const page = sizes.reduce((sum, { kb }) => sum + kb, 0);
  const scripts = files.filter((file) => file.endsWith('.js'));
  const contributors = pageContributors(await Promise.all(scripts.map((file) => readScript(outDir, file))));
  context.log('overlay start under JS coverage');
  const start = await measurePageStart(context);
  return [
    makeRow({ name: 'bundle.sdk', title: '/sdk.js gzipped', unit: 'KB', samples: [await gzipKB('sdk.js')], target: { of: 'value', op: '<=', limit: 4 } }),
    makeRow({
      name: 'bundle.page',
      title: 'overlay page gzipped: entry chunk, its CSS and static imports',
      unit: 'KB',
      samples: [page],
      target: { of: 'value', op: '<=', limit: 25 },
      note: [
        sizes.map(({ file, kb }) => `${file.replace(/^assets\//, '')} ${kb.toFixed(2)} KB`).join(', '),
        `largest contributors (gzipped KB the page loses without it): ${describeTop(contributors, 5)}`,
      ].join('; '),
    }),
    makeRow({
      name: 'bundle.page.start',
      title: `overlay page script run by a start (${START_TOOLS} tool modules ready) gzipped; baseline: all of it loaded`,
      unit: 'KB',
      samples: [start.ranGzipBytes / 1024],
      baseline: [start.loadedGzipBytes / 1024],
      note: 'Chromium JS coverage of the bench overlay site (its catalog lists the bench tool modules); the rest loaded is code a start never ran',
    }),
    makeRow({
      name: 'bundle.page.called',
      title: 'the same scripts without the functions a start never called (branches not taken kept); baseline: all of it loaded',
      unit: 'KB',
      samples: [start.calledGzipBytes / 1024],
      baseline: [start.loadedGzipBytes / 1024],
      note: 'the least a page loads if every function a start does not call were loaded on demand: what is left above bundle.page.start sits inside functions that run',
    }),
  ];
});

/** A built script and its source map (written `hidden`: the script itself is byte for byte what ships). */
async function readScript(outDir: string, file: string): Promise<{ code: string; map: SourceMap }> {
  const code = await readFile(join(outDir, file), 'utf8');
  return { code, map: JSON.parse(await readFile(join(outDir, `${file}.map`), 'utf8')) as SourceMap };
}

function describeTop(contributors: readonly Contributor[], count: number): string {
  return contributors
    .slice(0, count)
    .map(({ name, gzipBytes, largestFile }) => `${name} ${(gzipBytes / 1024).toFixed(2)} (most: ${largestFile})`)
    .join(', ');
}

/** The entry's file, CSS and static imports, recursively (dynamic imports left out). */
function eagerFiles(manifest: Record<string, ManifestChunk>, entry: string, seen = new Set<string>()): string[] {
  const chunk = manifest[entry];
  if (!chunk || seen.has(entry)) return [];
  seen.add(entry);
  const imported = (chunk.imports ?? []).flatMap((name) => eagerFiles(manifest, name, seen));
  return [...new Set([chunk.file, ...(chunk.css ?? []), ...imported])];
}

export default bundleSize;
