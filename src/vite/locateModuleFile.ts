import { isAbsolute, relative, sep } from 'node:path';

/** Where a path sits inside the module folders. */
export interface ModuleFileLocation {
  /** The module folder's name: the module id, when it is a valid one. */
  id: string;
  /** Path inside the module folder, `/`-separated; '' for the folder itself. */
  rest: string;
}

/** Locates an absolute `file` in one of the module `dirs`; undefined when outside all. */
export function locateModuleFile(dirs: readonly string[], file: string): ModuleFileLocation | undefined {
  for (const dir of dirs) {
    const inside = relative(dir, file);
    if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) continue;
    const [id, ...rest] = inside.split(sep);
    return { id: id!, rest: rest.join('/') };
  }
  return undefined;
}

/** True for a module's own tests, which are neither served in builds nor reloaded. */
export function isTestFile(rest: string): boolean {
  return /\.(spec|test)\.[cm]?[jt]sx?$/.test(rest);
}
