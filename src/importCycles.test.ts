import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Every TypeScript file under src/, as a path relative to the repository root. */
function sourceFiles(): string[] {
  return readdirSync(join(root, 'src'), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/**
 * The relative modules a file loads when it loads: static imports and
 * re-exports, `import { type A }` included (verbatimModuleSyntax keeps it as an
 * import). Not counted: `import type` and `export type`, which vanish, and
 * `import('…')`, which runs after every module has loaded (a page loads the
 * dock that way on purpose).
 */
function loadedImports(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const statements = code.matchAll(/^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s*)?'(\.\.?\/[^']+)'/gm);
  return [...statements].filter((match) => match[2] === undefined).map((match) => match[3]!);
}

/** Every relative module a file names in an import or re-export, type-only ones included. */
function namedImports(text: string): string[] {
  return [...text.matchAll(/^\s*(?:import|export)\s(?:[^'";]*?\sfrom\s*)?'(\.\.?\/[^']+)'/gm)].map((match) => match[1]!);
}

/** The import graph: file -> the files it loads (relative specifiers only; packages cannot import us back). */
function importGraph(files: Map<string, string>, imports = loadedImports): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [file, text] of files) {
    graph.set(file, imports(text).map((spec) => normalize(join(dirname(file), spec))));
  }
  return graph;
}

/** The same graph between the folders of `under` (the first folder below it), self-edges dropped. */
function folderGraph(graph: Map<string, string[]>, under: string): Map<string, string[]> {
  const folderOf = (file: string) => (file.startsWith(`${under}/`) ? file.slice(under.length + 1).split('/').slice(0, -1)[0] : undefined);
  const folders = new Map<string, string[]>();
  for (const [file, targets] of graph) {
    const from = folderOf(file);
    if (from === undefined) continue;
    const edges = targets.map(folderOf).filter((to): to is string => to !== undefined && to !== from);
    folders.set(from, [...new Set([...(folders.get(from) ?? []), ...edges])]);
  }
  return folders;
}

/** Every cycle, as the files of one strongly connected component (Tarjan), each listed from its smallest name. */
function importCycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.includes(file)) cycles.push(component.sort());
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return cycles;
}

describe('import cycles', () => {
  it('no source file of src/ loads itself through its imports (type-only imports aside)', () => {
    const files = new Map(sourceFiles().map((file) => [file, readFileSync(join(root, file), 'utf8')]));
    expect(importCycles(importGraph(files))).toEqual([]);
  });

  it('the folders of src/client form one order, type imports included (tests and test kits aside)', () => {
    const isTestKit = (file: string) => /\.test\.tsx?$/.test(file) || file.includes('/testing/');
    const files = new Map(sourceFiles().filter((file) => !isTestKit(file)).map((file) => [file, readFileSync(join(root, file), 'utf8')]));
    expect(importCycles(folderGraph(importGraph(files, namedImports), 'src/client'))).toEqual([]);
  });

  it('sees a cycle through value imports and re-exports, and none through type-only ones', () => {
    const files = new Map([
      ['src/a/index.ts', "export { b } from './b.ts';\nexport type { T } from '../c/c.ts';"],
      ['src/a/b.ts', "import { c, type C } from '../c/c.ts';\nexport const b = c;"],
      ['src/c/c.ts', "import type { b } from '../a/index.ts';\nimport { d } from './d.ts';\nexport const c = d;"],
      ['src/c/d.ts', "import {\n  type Only,\n} from './c.ts';\nexport const d = 1;"],
      ['src/e/e.ts', "// import { f } from './f.ts';\nconst load = () => import('./f.ts');\nexport type { F } from './f.ts';"],
      ['src/e/f.ts', "import { e } from './e.ts';"],
    ]);
    expect(importCycles(importGraph(files))).toEqual([['src/c/c.ts', 'src/c/d.ts']]);
    files.set('src/c/c.ts', "import { b } from '../a/index.ts';\nexport const c = 1;");
    expect(importCycles(importGraph(files))).toEqual([['src/a/b.ts', 'src/a/index.ts', 'src/c/c.ts']]);
  });

  it('reads the loaded modules of each kind of statement', () => {
    const text = [
      "import 'fake-indexeddb/auto';",
      "import './side.ts';",
      "import * as all from './all.ts';",
      "import type { T } from './type.ts';",
      "export * from './star.ts';",
      "export type * from './typeStar.ts';",
      "const lazy = import('./lazy.ts');",
    ].join('\n');
    expect(loadedImports(text)).toEqual(['./side.ts', './all.ts', './star.ts']);
  });
});
