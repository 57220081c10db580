import type { StoredEntry } from './DataStore.ts';

/** The order of `DataStore.list`: module id, then name, by UTF-16 code units as JavaScript sorts. */
export function compareEntries(a: StoredEntry, b: StoredEntry): number {
  if (a.moduleId !== b.moduleId) return a.moduleId < b.moduleId ? -1 : 1;
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  return 0;
}
