import type { ModuleCatalog } from './ModuleCatalog.ts';

/** The id pages import the catalog from. */
export const VIRTUAL_MODULE_ID = 'virtual:overlay-modules';

/** Rollup convention: a `\0` prefix keeps other plugins away from a virtual id. */
export const RESOLVED_VIRTUAL_MODULE_ID = `\0${VIRTUAL_MODULE_ID}`;

/** The id the home page imports the manifests' descriptions from (kept out of the overlay page's bundle). */
export const DESCRIPTIONS_MODULE_ID = 'virtual:overlay-module-descriptions';
export const RESOLVED_DESCRIPTIONS_MODULE_ID = `\0${DESCRIPTIONS_MODULE_ID}`;

/** The id the overlay page imports its catalog from: the entries without their settings (see `renderPageCatalogModule`). */
export const PAGE_CATALOG_MODULE_ID = 'virtual:overlay-page-catalog';
export const RESOLVED_PAGE_CATALOG_MODULE_ID = `\0${PAGE_CATALOG_MODULE_ID}`;

/** The id of every module's settings by module id, which the overlay page loads on demand. */
export const SETTINGS_MODULE_ID = 'virtual:overlay-module-settings';
export const RESOLVED_SETTINGS_MODULE_ID = `\0${SETTINGS_MODULE_ID}`;

/** Every virtual module of the plugin, by its resolved id. */
export const RESOLVED_VIRTUAL_IDS = [RESOLVED_VIRTUAL_MODULE_ID, RESOLVED_DESCRIPTIONS_MODULE_ID, RESOLVED_PAGE_CATALOG_MODULE_ID, RESOLVED_SETTINGS_MODULE_ID];

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

/**
 * Source of the overlay page's catalog: the entries without `description` nor `settings`, the
 * problems, and `loadSettings`, which loads every module's settings as a chunk of its own. A
 * settings schema (labels, groups, choices: the alert box's alone is 4 KB) is the dock's business;
 * the page needs it only when a module asks for its settings, and loads it then.
 */
export function renderPageCatalogModule(catalog: ModuleCatalog): string {
  const modules = catalog.modules.map(({ description: _description, settings: _settings, ...entry }) => entry);
  return [
    `export const modules = ${JSON.stringify(modules)};`,
    `export const problems = ${JSON.stringify(catalog.problems)};`,
    `export const loadSettings = () => import(${JSON.stringify(SETTINGS_MODULE_ID)}).then((loaded) => loaded.settings);`,
    '',
  ].join('\n');
}

/** Source of the settings module: each module's declared settings, by module id (modules without any are absent). */
export function renderSettingsModule(catalog: ModuleCatalog): string {
  const settings = Object.fromEntries(catalog.modules.flatMap(({ id, settings }) => (settings && Object.keys(settings).length > 0 ? [[id, settings]] : [])));
  return `export const settings = ${JSON.stringify(settings)};\n`;
}

/** The source of each virtual module, by its id as imported. */
export const VIRTUAL_MODULES: Record<string, { resolved: string; render: (catalog: ModuleCatalog) => string }> = {
  [VIRTUAL_MODULE_ID]: { resolved: RESOLVED_VIRTUAL_MODULE_ID, render: renderVirtualModule },
  [DESCRIPTIONS_MODULE_ID]: { resolved: RESOLVED_DESCRIPTIONS_MODULE_ID, render: renderDescriptionsModule },
  [PAGE_CATALOG_MODULE_ID]: { resolved: RESOLVED_PAGE_CATALOG_MODULE_ID, render: renderPageCatalogModule },
  [SETTINGS_MODULE_ID]: { resolved: RESOLVED_SETTINGS_MODULE_ID, render: renderSettingsModule },
};
