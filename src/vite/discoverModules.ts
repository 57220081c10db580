import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { DiscoveredModule, ModuleProblem } from './ModuleCatalog.ts';
import { isFile, readModuleFolder } from './readModuleFolder.ts';

/** Everything found in the module folders. */
export interface Discovery {
  modules: DiscoveredModule[];
  problems: ModuleProblem[];
}

/**
 * Finds `<dir>/<id>/module.json` in each of `dirs` (absolute paths). A folder
 * without a manifest is not a module and is ignored; a bad one is listed in
 * `problems` with its path relative to `root`. The first folder of an id wins.
 */
export async function discoverModules(dirs: readonly string[], root: string): Promise<Discovery> {
  const found = new Map<string, DiscoveredModule>();
  const problems: ModuleProblem[] = [];
  for (const dir of dirs) {
    for (const name of await listFolders(dir)) {
      const folder = join(dir, name);
      const manifest = join(folder, 'module.json');
      if (!(await isFile(manifest))) continue;
      const path = toPosix(relative(root, manifest));
      const result = await readModuleFolder(folder, name);
      if (!result.ok) problems.push({ path, reason: result.reason });
      else if (found.has(name)) problems.push({ path, reason: `module id "${name}" is already taken by ${toPosix(relative(root, found.get(name)!.dir))}` });
      else found.set(name, result.module);
    }
  }
  const modules = [...found.values()].sort((a, b) => (a.entry.id < b.entry.id ? -1 : 1));
  return { modules, problems };
}

/** Names of the visible sub-folders of `dir`; none when `dir` does not exist. */
async function listFolders(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    return entries
      .filter((entry) => (entry.isDirectory() || entry.isSymbolicLink()) && !entry.name.startsWith('.'))
      .map((entry) => entry.name)
      .sort();
  } catch {
    return [];
  }
}

function toPosix(path: string): string {
  return path.split(sep).join('/');
}
