export { MODULE_CHANGED_EVENT, MODULES_EVENT, type ModuleChangedEvent } from './hmrEvents.ts';
export type { ModuleProblem, ModuleRegistry } from './ModuleRegistry.ts';
export type { OverlayModulesOptions, SdkFiles } from './options.ts';
export { overlayModules } from './overlayModules.ts';
export { VIRTUAL_MODULE_ID } from './virtualModule.ts';
export { readModuleFolder } from './readModuleFolder.ts';
export { overlayPages } from './overlayPages.ts';
export { PAGES, pageEntry, pageInputs } from './pages.ts';
