export { loadModuleCatalog } from './loadModuleCatalog.ts';
export type { ModuleCatalog } from './ModuleCatalog.ts';
