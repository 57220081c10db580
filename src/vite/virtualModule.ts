import type { ModuleCatalog } from './ModuleCatalog.ts';

/** The id pages import the catalog from. */
export const VIRTUAL_MODULE_ID = 'virtual:overlay-modules';

/** Rollup convention: a `\0` prefix keeps other plugins away from a virtual id. */
export const RESOLVED_VIRTUAL_MODULE_ID = `\0${VIRTUAL_MODULE_ID}`;

/** The id the home page imports the manifests' descriptions from (kept out of the overlay page's bundle). */
export const DESCRIPTIONS_MODULE_ID = 'virtual:overlay-module-descriptions';
export const RESOLVED_DESCRIPTIONS_MODULE_ID = `\0${DESCRIPTIONS_MODULE_ID}`;

/**
 * Source of the virtual module: the catalog as two JSON exports. A manifest's
 * `description` is for people reading `module.json` and `modules.json`; the pages
 * that run modules never show it, so it is left out of their bundle; the home
 * page, which lists the installed modules, takes it from `renderDescriptionsModule`.
 */
export function renderVirtualModule(catalog: ModuleCatalog): string {
  const modules = catalog.modules.map(({ description: _description, ...entry }) => entry);
  return [
    `export const modules = ${JSON.stringify(modules)};`,
    `export const problems = ${JSON.stringify(catalog.problems)};`,
    '',
  ].join('\n');
}

/** Source of the descriptions module: each module's manifest `description`, by module id. */
export function renderDescriptionsModule(catalog: ModuleCatalog): string {
  const descriptions = Object.fromEntries(catalog.modules.flatMap(({ id, description }) => (description === undefined ? [] : [[id, description]])));
  return `export const descriptions = ${JSON.stringify(descriptions)};\n`;
}
