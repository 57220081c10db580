import type { Dirent } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isModuleId, type Kind, ModuleManifestSchema } from '../../api/index.ts';
import type { ModuleCatalog } from './ModuleCatalog.ts';

/**
 * Reads `<folder>/<id>/module.json` of every sub-folder: a folder whose name is
 * not a module id, or whose manifest is missing or invalid, is not installed
 * (the page skips it too). Throws when the folder itself cannot be read.
 */
export async function loadModuleCatalog(folder: string): Promise<ModuleCatalog> {
  let entries: Dirent[];
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch (error) {
    throw new Error(`--modules: cannot read the folder ${folder} (${(error as NodeJS.ErrnoException).code ?? error})`);
  }
  const catalog = new Map<string, Kind>();
  for (const entry of entries) {
    if (!(entry.isDirectory() || entry.isSymbolicLink()) || !isModuleId(entry.name)) continue;
    const text = await readFile(join(folder, entry.name, 'module.json'), 'utf8').catch(() => undefined);
    if (text === undefined) continue;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      continue;
    }
    const parsed = ModuleManifestSchema.safeParse(json);
    if (parsed.success) catalog.set(entry.name, parsed.data.kind);
  }
  return catalog;
}
