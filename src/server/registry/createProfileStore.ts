import type { Kind } from '../../api/index.ts';
import type { createProfileBook } from './profileBook.ts';
import type { ProfileStore } from './Registry.ts';

export interface ProfileStoreOptions {
  /** A fresh secret for a rotated overlay id or Stream Deck token. */
  randomSecret: () => string;
  /** The token half's part of a rotation: the old id's exchanged tokens stop working (in memory, or everywhere through Redis). */
  overlayRotated: (userId: string, kind: Kind) => void | Promise<void>;
}

/**
 * The profile half of a registry over its profile book, the same on every store (the book's records make
 * each write atomic in the store: memory, one SQLite transaction, one Redis script).
 */
export function createProfileStore(book: ReturnType<typeof createProfileBook>, { randomSecret, overlayRotated }: ProfileStoreOptions): ProfileStore {
  return {
    async profile(userId) {
      return (await book.read(userId))?.value;
    },
    taggedProfile: book.read,
    async replaceProfile(userId, profile) {
      const result = await book.update(userId, (current) => ({ ...structuredClone(profile), overlays: current.overlays }));
      return result === 'taken' ? result : result !== undefined;
    },
    updateProfile: (userId, change, ifMatch) => book.update(userId, (current) => keepSecrets(current, change(structuredClone(current))), ifMatch),
    async rotateOverlayId(userId, kind) {
      const id = await book.replaceOverlayId(userId, kind, randomSecret);
      if (id === undefined) return undefined;
      await overlayRotated(userId, kind);
      return id;
    },
    rotateStreamdeckToken: (userId) => book.rotateStreamdeckToken(userId, randomSecret),
    layout: book.layout,
    replaceLayout: book.replaceLayout,
    createUser: book.create,
    userIdByTwitchId: book.userIdByTwitchId,
    bindTwitch: book.bindTwitch,
  };
}

/** A profile change through `updateProfile` keeps the overlay ids and Stream Deck token: they change by rotation alone. */
function keepSecrets(current: { overlays: unknown; streamdeck: unknown }, next: Parameters<ProfileStore['replaceProfile']>[1]) {
  return { ...next, overlays: current.overlays, streamdeck: current.streamdeck } as typeof next;
}
