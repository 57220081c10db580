import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, resolveConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import { BROWSER_TARGET } from './vite/index.ts';

// OBS 29-30 run the page, the dock and the modules in Chromium 103 (docs/obs-engines.md).
// The smoke suite (e2e/obs-engines.spec.ts) runs them there; these checks fail sooner.
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Files under `dir` (relative to the repository root) whose name passes `keep`. */
function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && keep(entry.name) && !entry.parentPath.includes('node_modules'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/** The CSS a browser reads from a file: a stylesheet whole, an HTML page's <style> elements. */
function cssOf(file: string): string {
  const text = readFileSync(join(root, file), 'utf8');
  if (file.endsWith('.css')) return text;
  return [...text.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join('\n');
}

/** Stylesheets served as written (modules, `npm run dev`) or built: every CSS and HTML file of the project's pages and modules. */
const styleFiles = [
  'index.html',
  ...filesUnder('src', (name) => /\.(css|html)$/.test(name)),
  ...filesUnder('modules', (name) => /\.(css|html)$/.test(name)),
  ...filesUnder('e2e/modules', (name) => /\.(css|html)$/.test(name)),
];

/** CSS that Chromium 103 misreads or drops, with the version that first reads it. */
const NEWER_CSS: [RegExp, string][] = [
  [/@media[^{]*[<>]/, 'range media query, e.g. (width >= 720px): write (min-width: 720px) (Chromium 104)'],
  [/:has\(/, ':has() (105)'],
  [/@container|container-type/, 'container queries (105)'],
  [/(^|[\s{;,])&/m, 'nesting (112)'],
  [/\d(dvh|svh|lvh|dvw|svw|lvw)\b/, 'dynamic viewport units (108)'],
  [/color-mix\(|\b(oklch|oklab|lab|lch)\(/, 'color-mix() and Lab colours (111)'],
  [/text-wrap/, 'text-wrap (114)'],
  [/(^|[\s{;])(translate|rotate|scale)\s*:/m, 'individual transform properties (104)'],
  [/:nth-(last-)?child\([^)]*\bof\b/, ':nth-child(... of S) (111)'],
  [/@scope|@starting-style|light-dark\(|\bsubgrid\b|:popover-open|anchor-name|position-anchor/, 'a feature of Chromium 117 or later'],
];

/** Browser APIs newer than Chromium 103, with the version that first has them. */
const NEWER_APIS: [RegExp, string][] = [
  [/AbortSignal\.any\b/, 'AbortSignal.any (116)'],
  [/Promise\.(withResolvers|try)\b/, 'Promise.withResolvers / Promise.try (119, 128)'],
  [/Array\.fromAsync\b/, 'Array.fromAsync (121)'],
  [/(Object|Map)\.groupBy\b/, 'Object.groupBy / Map.groupBy (117)'],
  [/\.(toSorted|toReversed|toSpliced)\(/, 'change-array-by-copy (110)'],
  [/(?<!\bz)\.(union|intersection|difference|symmetricDifference|isSubsetOf|isSupersetOf|isDisjointFrom)\(/, 'Set methods (122)'],
  [/Iterator\.from\b|\.(values|keys|entries)\(\)\.(map|filter|take|drop|flatMap|reduce|toArray|forEach|some|every|find)\(/, 'iterator helpers (122)'],
  [/URL\.(canParse|parse)\(/, 'URL.canParse / URL.parse (120, 126)'],
  [/Response\.json\(/, 'Response.json() (105)'],
  [/(searchParams|[pP]arams|[sS]earch|[qQ]uery)\.size\b/, 'URLSearchParams.size (113): test String(params) instead'],
  [/checkVisibility\(|(show|hide|toggle)Popover\(|startViewTransition\(/, 'checkVisibility, popovers, view transitions (105, 114, 111)'],
  [/scheduler\.yield\(|\bToBase64\(|\.toBase64\(|fromBase64\(|JSON\.rawJSON|isWellFormed\(|toWellFormed\(/, 'an API of Chromium 111 or later'],
  [/Symbol\.(asyncD|d)ispose|^\s*(await\s+)?using\s+\w+\s*=/m, 'explicit resource management (134)'],
  [/:has\(/, ':has() in a selector (105)'],
];

/** Browser code: every folder of src but the server's, the CLI's, the build's and the benchmarks', and the modules' scripts, without tests. */
const browserFiles = [
  'index.html',
  ...readdirSync(join(root, 'src'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !['server', 'cli', 'vite', 'bench'].includes(entry.name))
    .flatMap((entry) => filesUnder(`src/${entry.name}`, (name) => /\.(tsx?|js|html)$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name))),
  ...filesUnder('modules', (name) => /\.(js|html)$/.test(name)),
].filter((file) => !file.includes('/testing/'));

/** A script's text without its comments (which may name what they avoid). */
function codeOf(file: string): string {
  return readFileSync(join(root, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:])\/\/.*$/gm, '$1');
}

function findings(files: string[], read: (file: string) => string, rules: [RegExp, string][]): string[] {
  return files.flatMap((file) => {
    const text = read(file);
    return rules.filter(([pattern]) => pattern.test(text)).map(([, what]) => `${file}: ${what}`);
  });
}

describe('the OBS engines (Chromium 103 and 127)', () => {
  it('vite.config.ts writes scripts and CSS for Chromium 103', async () => {
    const config = await resolveConfig({ configFile: join(root, 'vite.config.ts'), logLevel: 'silent' }, 'build');
    expect(BROWSER_TARGET).toBe('chrome103');
    expect(config.build.target).toBe(BROWSER_TARGET);
    expect(config.build.cssTarget).toBe(BROWSER_TARGET);
  }, 60_000);

  it('the built CSS has no range media query: the minifier keeps min-width and lowers what it is given', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'overlay-css-'));
    try {
      // Each stylesheet is built here on its own: one it imports (`@import '../forms/controls.css'`) is in the list too.
      const own = (css: string) => css.replace(/@import\s+['"][^'"]+['"];?/g, '');
      const sheets = [...styleFiles.filter((file) => file.endsWith('.css')).map((file) => own(cssOf(file))), '@media (width >= 500px) and (width < 900px) { .probe { color: red } }'];
      await Promise.all(sheets.map((css, index) => writeFile(join(dir, `${index}.css`), css)));
      const links = sheets.map((_, index) => `<link rel="stylesheet" href="./${index}.css">`).join('');
      await writeFile(join(dir, 'index.html'), `<!doctype html><html><head>${links}</head><body></body></html>`);
      await build({ root: dir, configFile: false, logLevel: 'silent', build: { target: BROWSER_TARGET, cssTarget: BROWSER_TARGET, outDir: 'out' } });
      const assets = join(dir, 'out', 'assets');
      const built = (await Promise.all((await readdir(assets)).filter((name) => name.endsWith('.css')).map((name) => readFile(join(assets, name), 'utf8')))).join('\n');
      expect(built).toContain('@media (min-width:720px)');
      expect(built).toContain('@media (min-width:500px) and (not (min-width:900px))');
      expect(built.match(/@media[^{]*[<>]/g) ?? []).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('no stylesheet uses CSS that Chromium 103 misreads (modules and npm run dev serve them as written)', () => {
    expect(styleFiles.length).toBeGreaterThan(10);
    expect(findings(styleFiles, cssOf, NEWER_CSS)).toEqual([]);
  });

  it('the browser code calls no API newer than Chromium 103', () => {
    expect(browserFiles).toContain('src/client/http/createApiClient.ts');
    expect(findings(browserFiles, codeOf, NEWER_APIS)).toEqual([]);
  });
});
