import type { Kind } from '../../api/index.ts';
import type { DataAddress, DataStore, StoredEntry } from './DataStore.ts';
import { compareEntries } from './compareEntries.ts';

/** A store that keeps everything in this process's memory: nothing survives a restart. */
export function createMemoryStore(): DataStore {
  // One map per (user, kind), so `list` never scans other users' data.
  const spaces = new Map<string, Map<string, StoredEntry>>();
  let closed = false;

  const spaceKey = (userId: string, kind: Kind) => JSON.stringify([userId, kind]);
  const entryKey = (addr: DataAddress) => JSON.stringify([addr.moduleId, addr.name]);
  const ensureOpen = () => {
    if (closed) throw new Error('memory store is closed');
  };

  return {
    kind: 'memory',
    async get(addr) {
      ensureOpen();
      return spaces.get(spaceKey(addr.userId, addr.kind))?.get(entryKey(addr))?.json;
    },
    async set(addr, json) {
      ensureOpen();
      const key = spaceKey(addr.userId, addr.kind);
      let space = spaces.get(key);
      if (!space) {
        space = new Map();
        spaces.set(key, space);
      }
      space.set(entryKey(addr), { moduleId: addr.moduleId, name: addr.name, json });
    },
    async list(userId, kind) {
      ensureOpen();
      const space = spaces.get(spaceKey(userId, kind));
      return space ? [...space.values()].map((entry) => ({ ...entry })).sort(compareEntries) : [];
    },
    async listModule(userId, kind, moduleId) {
      ensureOpen();
      const space = spaces.get(spaceKey(userId, kind));
      if (!space) return [];
      const entries = [...space.values()].filter((entry) => entry.moduleId === moduleId);
      return entries.map((entry) => ({ ...entry })).sort(compareEntries);
    },
    async close() {
      closed = true;
      spaces.clear();
    },
  };
}
