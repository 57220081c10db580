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

/** The relative paths a file imports (static, dynamic and type imports, re-exports). */
function importsOf(text: string): string[] {
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.\.?\/[^']+)'/g)].map((match) => match[1]!);
}

/** The outermost folder holding `target` that has an `index.ts` and does not hold `importer`. */
function doorFor(importer: string, target: string): string | null {
  const folders: string[] = [];
  for (let dir = dirname(target); dir !== '.' && dir !== '/'; dir = dirname(dir)) folders.unshift(dir);
  return folders.find((dir) => existsSync(join(root, dir, 'index.ts')) && !importer.startsWith(`${dir}/`)) ?? null;
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
  it('nothing imports past a folder door (its index.ts)', () => {
    const crossings: string[] = [];
    for (const file of [...sourceFiles('src'), ...sourceFiles('e2e')]) {
      for (const spec of importsOf(readFileSync(join(root, file), 'utf8'))) {
        const target = normalize(join(dirname(file), spec));
        const door = doorFor(file, target);
        if (door && target !== join(door, 'index.ts') && !allowed(file, target)) crossings.push(`${file} -> ${target}`);
      }
    }
    expect(crossings).toEqual([]);
  });

  it('sees a crossing when there is one', () => {
    expect(doorFor('src/host/BridgeHub.ts', 'src/client/moduleData/ModuleData.ts')).toBe('src/client');
    expect(doorFor('src/client/queue/readValue.ts', 'src/client/http/ApiError.ts')).toBe('src/client/http');
    expect(doorFor('src/client/queue/readValue.ts', 'src/client/queue/QueueEntry.ts')).toBeNull();
  });
});
