import type { StoreKey } from '../storage/index.ts';
import type { Space } from './createQueueStore.ts';

/** Where one space's queue lives in the local store: entries, confirmed values, the sequence counter. */
export function queueKeys({ userId, kind }: Space) {
  const queued = (moduleId: string, name: string): StoreKey => ['q', userId, kind, moduleId, name];
  return {
    queued,
    /** Prefix of every entry of the space. */
    allEntries: ['q', userId, kind] as StoreKey,
    confirmedKey: (moduleId: string, name: string): StoreKey => ['c', userId, kind, moduleId, name],
    seqKey: ['seq', userId, kind] as StoreKey,
    keyOf: (entry: { moduleId: string; name: string }) => queued(entry.moduleId, entry.name),
  };
}
