import type { ModuleRegistry } from './ModuleRegistry.ts';

/** The id pages import the registry from. */
export const VIRTUAL_MODULE_ID = 'virtual:overlay-modules';

/** Rollup convention: a `\0` prefix keeps other plugins away from a virtual id. */
export const RESOLVED_VIRTUAL_MODULE_ID = `\0${VIRTUAL_MODULE_ID}`;

/**
 * Source of the virtual module: the registry as two JSON exports. A manifest's
 * `description` is for people reading `module.json` and `modules.json`; the pages
 * never show it, so it is left out of their bundle.
 */
export function renderVirtualModule(registry: ModuleRegistry): string {
  const modules = registry.modules.map(({ description: _description, ...entry }) => entry);
  return [
    `export const modules = ${JSON.stringify(modules)};`,
    `export const problems = ${JSON.stringify(registry.problems)};`,
    '',
  ].join('\n');
}
