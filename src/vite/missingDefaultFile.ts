import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isMediaSettingType, type Settings } from '../api/index.ts';
import { isInsideRealFolder } from './isInsideRealFolder.ts';

/**
 * Why a media setting's default file cannot be served from the module folder
 * `dir`, or null when every one can: it must exist and stay inside the folder
 * once symlinks are followed. The manifest schema already
 * checked the path's form; only the folder knows whether the file is there.
 */
export async function missingDefaultFile(dir: string, settings: Settings | undefined): Promise<string | null> {
  for (const [name, setting] of Object.entries(settings ?? {})) {
    if (!isMediaSettingType(setting.type) || setting.default === '') continue;
    const path = String(setting.default);
    const file = join(dir, path);
    if (!(await isInsideRealFolder(dir, file)) || !(await isRegularFile(file))) {
      return `settings.${name}: default file "${path}" is not in the module folder`;
    }
  }
  return null;
}

async function isRegularFile(file: string): Promise<boolean> {
  return stat(file).then((info) => info.isFile(), () => false);
}
