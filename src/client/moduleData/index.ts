export type { ModuleData } from './ModuleData.ts';
export { createModuleData } from './createModuleData.ts';
