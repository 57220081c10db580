import type { ModuleEntry } from '../api/index.ts';

/** A module folder that was skipped, and why; `path` is relative to the Vite root. */
export interface ModuleProblem {
  path: string;
  reason: string;
}

/** What discovery found: the valid modules (sorted by id) and the skipped folders. */
export interface ModuleCatalog {
  modules: ModuleEntry[];
  problems: ModuleProblem[];
}

/** A valid module and the absolute path of its folder. */
export interface DiscoveredModule {
  entry: ModuleEntry;
  dir: string;
}

/** URL of a module's page, relative to the site root. */
export function moduleUrl(id: string): string {
  return `/modules/${id}/index.html`;
}

/** URL of a module's control page for the dock (`panel.html`), relative to the site root. */
export function panelUrl(id: string): string {
  return `/modules/${id}/panel.html`;
}
