import type { TwitchCredentialStore, TwitchCredentials } from './TwitchCredentials.ts';

/** Credentials for the memory store (tests, a one-off `npm run api -- --store memory`): gone on exit. */
export function createMemoryCredentialStore(): TwitchCredentialStore {
  const byUser = new Map<string, TwitchCredentials>();
  return {
    async get(userId) {
      const found = byUser.get(userId);
      return found && structuredClone(found);
    },
    async set(userId, credentials) {
      byUser.set(userId, structuredClone(credentials));
    },
    async delete(userId) {
      byUser.delete(userId);
    },
    async list() {
      return [...byUser].map(([userId, credentials]) => ({ userId, credentials: structuredClone(credentials) }));
    },
    async close() {},
  };
}
