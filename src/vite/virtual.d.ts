/** The module registry found by the `overlayModules` Vite plugin (src/vite). */
declare module 'virtual:overlay-modules' {
  /** Every valid module of the module folders, sorted by id. */
  export const modules: import('../api/index.ts').ModuleEntry[];
  /** Module folders that were skipped (bad manifest, bad folder name), for a debug view. */
  export const problems: import('./ModuleRegistry.ts').ModuleProblem[];
}
