import type { DataChange, ModuleData, SyncStatus } from '../client/index.ts';

/**
 * The data layer for a page whose local database is still opening (the first
 * start in a fresh browser profile creates it, which takes longer than fetching
 * the profile). The module frames start at once, since loading them takes
 * longer still; their calls wait for the layer. Until it is open, `status()`
 * answers `starting`; listeners hear the layer's own status once it is.
 */
export function deferModuleData(opening: Promise<ModuleData>, starting: SyncStatus): ModuleData {
  let data: ModuleData | undefined;
  const changeListeners = new Set<(change: DataChange) => void>();
  const statusListeners = new Set<(status: SyncStatus) => void>();
  void opening.then(
    (opened) => {
      data = opened;
      opened.onChange((change) => {
        for (const listener of changeListeners) listener(change);
      });
      opened.onStatus((status) => {
        for (const listener of statusListeners) listener(status);
      });
      // Modules welcomed meanwhile were told `starting`.
      const status = opened.status();
      if (JSON.stringify(status) !== JSON.stringify(starting)) for (const listener of statusListeners) listener(status);
    },
    // The calls waiting for it reject with the same error.
    () => {},
  );
  const ready = async () => data ?? (await opening);
  return {
    get: async (ownId, key) => (await ready()).get(ownId, key),
    set: async (ownId, key, value) => (await ready()).set(ownId, key, value),
    onChange(listener) {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    status: () => data?.status() ?? starting,
  };
}
