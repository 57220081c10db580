import { realpath } from 'node:fs/promises';
import { isAbsolute, relative } from 'node:path';

/**
 * True when `file` exists and its real path (every symlink resolved) lies inside
 * the real path of `folder`. A path that only looks inside as text can still
 * leave it through a symlink (`root -> /`), so every file a module folder
 * serves or ships passes this check.
 */
export async function isInsideRealFolder(folder: string, file: string): Promise<boolean> {
  let realFolder: string;
  let realFile: string;
  try {
    [realFolder, realFile] = await Promise.all([realpath(folder), realpath(file)]);
  } catch {
    return false;
  }
  const inside = relative(realFolder, realFile);
  return inside === '' || !(inside === '..' || inside.startsWith('../') || inside.startsWith('..\\') || isAbsolute(inside));
}
