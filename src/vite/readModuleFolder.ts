import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describeSchemaIssue, type ModuleEntry, ModuleManifestSchema, moduleIdProblem } from '../api/index.ts';
import { isInsideRealFolder } from './isInsideRealFolder.ts';
import { missingDefaultFile } from './missingDefaultFile.ts';
import { type DiscoveredModule, moduleUrl, panelUrl } from './ModuleCatalog.ts';

/** A module folder read: the module, or the reason it is skipped. */
export type FolderResult = { ok: true; module: DiscoveredModule } | { ok: false; reason: string };

/**
 * Reads `<dir>/module.json` of a folder named `id` and checks it: the name is a
 * module id, the manifest parses and passes the schema, `index.html` exists,
 * and so does each media setting's default file.
 * A `panel.html` beside it is the module's control page for the dock.
 */
export async function readModuleFolder(dir: string, id: string): Promise<FolderResult> {
  const problem = moduleIdProblem(id);
  if (problem !== undefined) return { ok: false, reason: `folder name "${id}" is not a module id: ${problem.replace(/^must be a module id: /, '')}` };
  // Their contents reach the catalog and the page: never through a symlink out of the folder.
  for (const name of ['module.json', 'index.html']) {
    if (!(await isInsideRealFolder(dir, join(dir, name))) && (await isFile(join(dir, name)))) {
      return { ok: false, reason: `${name} is a symlink that leads out of the module folder` };
    }
  }
  const json = await readJson(join(dir, 'module.json'));
  if (!json.ok) return json;
  const parsed = ModuleManifestSchema.safeParse(json.value);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => describeSchemaIssue(issue));
    return { ok: false, reason: `invalid manifest: ${issues.join('; ')}` };
  }
  if (!(await isFile(join(dir, 'index.html')))) return { ok: false, reason: 'index.html is missing' };
  const missing = await missingDefaultFile(dir, parsed.data.settings);
  if (missing) return { ok: false, reason: `invalid manifest: ${missing}` };
  const entry: ModuleEntry = { ...parsed.data, id, url: moduleUrl(id) };
  if (await isFile(join(dir, 'panel.html'))) entry.panel = panelUrl(id);
  return { ok: true, module: { dir, entry } };
}

async function readJson(file: string): Promise<{ ok: true; value: unknown } | { ok: false; reason: string }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    return { ok: false, reason: `cannot read module.json (${(error as NodeJS.ErrnoException).code ?? error})` };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, reason: `module.json is not JSON (${(error as Error).message})` };
  }
}

/** True when `file` exists and is a regular file (symlinks followed). */
export async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
