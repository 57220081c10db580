import type { ModuleCatalog } from './ModuleCatalog.ts';

/** Sent when a module folder appears or goes, or a manifest changes: the new catalog. */
export const MODULES_EVENT = 'overlay:modules';

/** Sent when any other file of a module changes: reload that module's frame only. */
export const MODULE_CHANGED_EVENT = 'overlay:module-changed';

export interface ModuleChangedEvent {
  id: string;
}

// Types `import.meta.hot.on('overlay:modules', ...)` on the page.
declare module 'vite/types/customEvent.d.ts' {
  interface CustomEventMap {
    'overlay:modules': ModuleCatalog;
    'overlay:module-changed': ModuleChangedEvent;
  }
}
