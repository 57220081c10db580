export type { DataChange, FailedWrite, ModuleData, SyncState, SyncStatus } from './ModuleData.ts';
export { createModuleData } from './createModuleData.ts';
export type { ModuleDataOptions } from './createModuleData.ts';
