import { readdir, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isInsideRealFolder } from './isInsideRealFolder.ts';
import { isTestFile } from './locateModuleFile.ts';

/**
 * The files of a module folder that a build ships, `/`-separated and sorted:
 * everything except its tests, hidden files and `node_modules`. A symlink whose
 * target lies outside the folder is skipped and reported to `warn` by its path
 * (a module could otherwise ship `/etc/passwd` into the site); one that stays
 * inside is followed, except back into a folder above it, so a loop ends.
 */
export async function listModuleFiles(dir: string, warn: (path: string) => void = () => {}): Promise<string[]> {
  const files: string[] = [];
  // Real paths of the folders above: a symlink back to one of them is a loop.
  const walk = async (prefix: string, above: ReadonlySet<string>): Promise<void> => {
    const real = await realpath(join(dir, prefix));
    if (above.has(real)) return;
    const chain = new Set(above).add(real);
    for (const entry of await readdir(join(dir, prefix), { withFileTypes: true })) {
      const path = `${prefix}${entry.name}`;
      if (!isShipped(path)) continue;
      const file = join(dir, path);
      if (entry.isSymbolicLink() && !(await isInsideRealFolder(dir, file))) {
        warn(path);
        continue;
      }
      const info = entry.isSymbolicLink() ? await stat(file) : entry;
      if (info.isDirectory()) await walk(`${path}/`, chain);
      else if (info.isFile() && !isTestFile(path)) files.push(path);
    }
  };
  await walk('', new Set());
  return files.sort();
}

function isShipped(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return !(name.startsWith('.') || name === 'node_modules');
}
