import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Every TypeScript file under `dir`, as a path relative to the repository root. */
function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/**
 * The relative paths a file imports (static, dynamic and type imports, re-exports).
 * A statement starts its line, so an import spelled inside a comment or a
 * template (the spec `npm run new-module` writes) is not one.
 */
function importsOf(text: string): string[] {
  const statements = text.matchAll(/^\s*(?:import|export)\s(?:[^'";]*?\sfrom\s*)?'(\.\.?\/[^']+)'/gm);
  const dynamic = text.matchAll(/\bimport\(\s*'(\.\.?\/[^']+)'\s*\)/g);
  return [...statements, ...dynamic].map((match) => match[1]!);
}

/** The outermost folder holding `target` that has an `index.ts` and does not hold `importer`. */
function doorFor(importer: string, target: string): string | null {
  const folders: string[] = [];
  for (let dir = dirname(target); dir !== '.' && dir !== '/'; dir = dirname(dir)) folders.unshift(dir);
  return folders.find((dir) => existsSync(join(root, dir, 'index.ts')) && !importer.startsWith(`${dir}/`)) ?? null;
}

/** The top folder of a file: `e2e`, or `src/<name>`. */
function topFolder(file: string): string {
  const parts = file.split('/');
  return parts[0] === 'src' ? parts.slice(0, 2).join('/') : parts[0]!;
}

/**
 * Why importing `target` from `importer` crosses a door, or null when it does not:
 * the import passes the door of a folder that holds `target`, or it reaches into
 * another top folder's code where no folder on the way has a door. Stylesheets
 * and files outside the folders of src/ and e2e/ (package.json, the tests at the top of src/) are not
 * modules with a door.
 */
function crossingOf(importer: string, target: string): string | null {
  const door = doorFor(importer, target);
  if (door) return target === join(door, 'index.ts') ? null : `past ${door}/index.ts`;
  if (!/^(src\/[^/]+|e2e)\/.+\.tsx?$/.test(target) || topFolder(importer) === topFolder(target)) return null;
  return `into ${topFolder(target)}, which has no index.ts`;
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.includes('/testing/') || /^(e2e|src\/bench)\//.test(file);

/**
 * Allowed on purpose: test kits (`testing/` folders) serve tests, e2e and the
 * benchmarks; the SDK takes single files of `src/api` because its bundle must
 * hold only what it uses, and the door would bring every zod schema along.
 */
function allowed(importer: string, target: string): boolean {
  if (target.includes('/testing/') && isTest(importer)) return true;
  return importer.startsWith('src/sdk/') && target.startsWith('src/api/');
}

describe('import doors', () => {
  it('nothing imports past a folder door (its index.ts), nor into another top folder without one', () => {
    const crossings: string[] = [];
    for (const file of [...sourceFiles('src'), ...sourceFiles('e2e')]) {
      for (const spec of importsOf(readFileSync(join(root, file), 'utf8'))) {
        const target = normalize(join(dirname(file), spec));
        const crossing = crossingOf(file, target);
        if (crossing && !allowed(file, target)) crossings.push(`${file} -> ${target} (${crossing})`);
      }
    }
    expect(crossings).toEqual([]);
  });

  it('sees a crossing when there is one', () => {
    expect(doorFor('src/host/BridgeHub.ts', 'src/client/moduleData/ModuleData.ts')).toBe('src/client');
    expect(doorFor('src/client/queue/readValue.ts', 'src/client/http/ApiError.ts')).toBe('src/client/http');
    expect(doorFor('src/client/queue/readValue.ts', 'src/client/queue/QueueEntry.ts')).toBeNull();
    expect(crossingOf('src/host/BridgeHub.ts', 'src/client/moduleData/ModuleData.ts')).toBe('past src/client/index.ts');
    expect(crossingOf('src/host/BridgeHub.ts', 'src/client/index.ts')).toBeNull();
  });

  it('sees an import into another top folder that has no door', () => {
    expect(doorFor('src/bench/harness/startHarnessServer.ts', 'src/nodoor/createPageApp.ts')).toBeNull();
    expect(crossingOf('src/bench/harness/startHarnessServer.ts', 'src/nodoor/createPageApp.ts')).toBe(
      'into src/nodoor, which has no index.ts',
    );
    expect(crossingOf('src/bench/describeMachine.ts', 'e2e/chromium.ts')).toBe('past e2e/index.ts');
    expect(crossingOf('e2e/signin.spec.ts', 'src/nodoor/deep/TokenMemory.ts')).toBe('into src/nodoor, which has no index.ts');
    // Within one top folder, a folder without a door is open.
    expect(crossingOf('src/nodoor/start.ts', 'src/nodoor/deep/createPageApp.ts')).toBeNull();
    expect(crossingOf('src/dock/main.tsx', 'src/nodoor/dark.css')).toBeNull();
  });

  it('reads import statements, not imports spelled in comments or templates', () => {
    const text = [
      "import { a } from '../a/index.ts';",
      'export type {',
      '  B,',
      "} from './b.ts';",
      "const c = await import('../c/index.ts');",
      " *   import { test } from '../../e2e/fixtures.ts';",
      "  return `import { test } from '../../e2e/fixtures.ts';",
    ].join('\n');
    expect(importsOf(text)).toEqual(['../a/index.ts', './b.ts', '../c/index.ts']);
  });
});
