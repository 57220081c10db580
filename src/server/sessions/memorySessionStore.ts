import type { SessionStore, SignInState, WebsiteSession } from './SessionStore.ts';

/** Sessions of the memory store (tests, a one-off `--store memory`): gone on exit. */
export function createMemorySessionStore(now: () => number = Date.now): SessionStore {
  const byDigest = new Map<string, WebsiteSession>();
  const states = new Map<string, SignInState>();
  const digestOf = (userId: string, id: string) => [...byDigest].find(([, s]) => s.userId === userId && s.id === id)?.[0];
  return {
    async add(digest, session) {
      byDigest.set(digest, { ...session });
    },
    async find(digest) {
      const found = byDigest.get(digest);
      return found && { ...found };
    },
    async touch(digest, at) {
      const found = byDigest.get(digest);
      if (found) found.lastUsedAt = at;
    },
    async list(userId) {
      return [...byDigest.values()].filter((s) => s.userId === userId).sort((a, b) => a.createdAt - b.createdAt).map((s) => ({ ...s }));
    },
    async removeById(userId, id) {
      const digest = digestOf(userId, id);
      return digest !== undefined && byDigest.delete(digest);
    },
    async removeByDigest(digest) {
      return byDigest.delete(digest);
    },
    async putState(state, value) {
      // States share one lifetime, so insertion order is expiry order: the expired ones sit at the front.
      for (const [old, { expiresAt }] of states) {
        if (expiresAt > now()) break;
        states.delete(old);
      }
      states.set(state, { ...value });
    },
    async takeState(state) {
      const found = states.get(state);
      states.delete(state);
      return found;
    },
    async close() {},
  };
}
