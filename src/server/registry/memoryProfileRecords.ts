import type { ProfileRecords } from './ProfileRecords.ts';

/** Profile records in this process's memory (the memory store): gone at restart. Each call runs whole, without a pause. */
export function createMemoryProfileRecords(): ProfileRecords {
  const profiles = new Map<string, string>();
  const index = new Map<string, string>();
  const layouts = new Map<string, string>();
  const layoutKey = (userId: string, kind: string) => `${userId}\n${kind}`;
  return {
    async read(userId) {
      return profiles.get(userId);
    },
    async write(userId, expected, next, change) {
      if (profiles.get(userId) !== expected) return false;
      const { claim = [], release = [] } = change;
      if (claim.some(([key, value]) => index.has(key) && index.get(key) !== value)) return 'taken';
      profiles.set(userId, next);
      for (const key of change.remove) index.delete(key);
      for (const [key, value] of [...change.set, ...claim]) index.set(key, value);
      for (const [key, value] of release) if (index.get(key) === value) index.delete(key);
      return true;
    },
    async lookup(key) {
      return index.get(key);
    },
    async readLayout(userId, kind) {
      return layouts.get(layoutKey(userId, kind));
    },
    async writeLayout(userId, kind, expected, next) {
      const key = layoutKey(userId, kind);
      if (layouts.get(key) !== expected) return false;
      layouts.set(key, next);
      return true;
    },
  };
}
