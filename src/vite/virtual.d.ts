/** The module catalog found by the `overlayModules` Vite plugin (src/vite). */
declare module 'virtual:overlay-modules' {
  /** Every valid module of the module folders, sorted by id. */
  export const modules: import('../api/index.ts').ModuleEntry[];
  /** Module folders that were skipped (bad manifest, bad folder name), for a debug view. */
  export const problems: import('./ModuleCatalog.ts').ModuleProblem[];
}

/** The manifests' descriptions, for the home page's module list only (src/vite/virtualModule.ts). */
declare module 'virtual:overlay-module-descriptions' {
  /** Each module's `description`, by module id (modules without one are absent). */
  export const descriptions: Record<string, string>;
}

/** The overlay page's catalog (src/vite/virtualModule.ts): the entries without their settings, loaded on demand. */
declare module 'virtual:overlay-page-catalog' {
  /** Every valid module of the module folders, sorted by id, without `settings`. */
  export const modules: import('../api/index.ts').ModuleEntry[];
  export const problems: import('./ModuleCatalog.ts').ModuleProblem[];
  /** Every module's settings by module id (a chunk of its own). */
  export const loadSettings: () => Promise<Record<string, import('../api/index.ts').Settings>>;
}

/** Every module's declared settings, by module id (src/vite/virtualModule.ts). */
declare module 'virtual:overlay-module-settings' {
  export const settings: Record<string, import('../api/index.ts').Settings>;
}
