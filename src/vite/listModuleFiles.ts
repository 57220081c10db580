import { readdir } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { isTestFile } from './locateModuleFile.ts';
import { isFile } from './readModuleFolder.ts';

/**
 * The files of a module folder that a build ships, `/`-separated and sorted:
 * everything except its tests, hidden files and `node_modules`.
 */
export async function listModuleFiles(dir: string): Promise<string[]> {
  const paths = (await readdir(dir, { recursive: true })).map((path) => path.split(sep).join('/'));
  const files: string[] = [];
  for (const path of paths.sort()) {
    if (!isShipped(path)) continue;
    if (await isFile(join(dir, path))) files.push(path);
  }
  return files;
}

function isShipped(path: string): boolean {
  const parts = path.split('/');
  if (parts.some((part) => part.startsWith('.') || part === 'node_modules')) return false;
  return !isTestFile(path);
}
