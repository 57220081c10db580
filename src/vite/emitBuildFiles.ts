import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { listModuleFiles } from './listModuleFiles.ts';
import type { ModulesContext } from './ModulesContext.ts';
import { contentType } from './contentType.ts';
import { withModulePolicy } from './withModulePolicy.ts';

/** An asset for the build output, as Rollup's `emitFile` takes it. */
export interface EmittedAsset {
  type: 'asset';
  fileName: string;
  source: string | Uint8Array;
}

/**
 * Emits `modules/<id>/...` for every module, `sdk.js`, `sdk.mjs`, `sdk.d.ts`
 * and `modules.json` (the catalog: `{modules, problems}`).
 */
export async function emitBuildFiles(context: ModulesContext, emit: (asset: EmittedAsset) => void): Promise<void> {
  const { modules } = context.catalog;
  for (const { id, connect } of modules) {
    const dir = context.moduleDir(id)!;
    const refuse = (path: string) => context.warn(`[overlay-modules] not shipped: modules/${id}/${path} is a symlink that leads out of the module folder`);
    for (const file of await listModuleFiles(dir, refuse)) {
      const source = await readFile(join(dir, file));
      // Each page carries its policy, so that dist/ needs no server configuration for it.
      emit({ type: 'asset', fileName: `modules/${id}/${file}`, source: isPage(file) ? withModulePolicy(source.toString('utf8'), connect) : source });
    }
  }
  const sdk = await context.sdk.get();
  emit({ type: 'asset', fileName: 'sdk.js', source: sdk.classic });
  emit({ type: 'asset', fileName: 'sdk.mjs', source: sdk.esm });
  emit({ type: 'asset', fileName: 'sdk.d.ts', source: sdk.types });
  emit({ type: 'asset', fileName: 'modules.json', source: `${JSON.stringify(context.catalog, null, 2)}\n` });
}

function isPage(file: string): boolean {
  return contentType(file).startsWith('text/html');
}
