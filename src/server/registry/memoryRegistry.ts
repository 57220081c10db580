import { randomBytes } from 'node:crypto';
import { createIssuedTokens } from './issuedTokens.ts';
import { freshSecret } from './freshSecret.ts';
import { createMemoryProfileRecords } from './memoryProfileRecords.ts';
import { createProfileBook } from './profileBook.ts';
import type { ProfileRecords } from './ProfileRecords.ts';
import { tokenDigest } from './tokenDigest.ts';
import type { Registry, TokenRegistry } from './Registry.ts';
import { createProfileStore } from './createProfileStore.ts';
import { resolveGrant } from './resolveGrant.ts';
import type { Seed } from './seed.ts';
import { indexSeed } from './seedIndex.ts';

export interface MemoryRegistryOptions {
  /** Lifetime of an exchanged overlay token. @default 24 hours */
  tokenTtlMs?: number;
  /** Exchanged tokens kept at most, the oldest dropped first, because anyone may call the exchange (it needs no token). @default 100_000 */
  maxIssuedTokens?: number;
  /** Exchanged tokens alive per overlay id, the oldest dropped first: a flood of exchanges of one known id cannot push out everyone else's. @default 32 */
  maxTokensPerOverlay?: number;
  /** Current time in ms since the epoch. @default Date.now */
  now?: () => number;
  /** A fresh unguessable token. @default 32 random bytes, base64url */
  randomToken?: () => string;
  /** A fresh secret for a rotated overlay id or Stream Deck token. @default 24 random bytes, base64url */
  randomSecret?: () => string;
  /** Where profiles, their indexes and layouts live (the sqlite store's file: sqliteProfileRecords). @default in memory */
  records?: ProfileRecords;
  /** Called by `close()`: releases the records. */
  closeRecords?: () => void;
}

export const DEFAULT_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/** Exchanged tokens alive per overlay id: one per running copy of the overlay is plenty (a reloaded page exchanges again). */
export const DEFAULT_MAX_TOKENS_PER_OVERLAY = 32;

/**
 * The registry of one process: seed tokens, profiles in `records` (memory or
 * the SQLite file), and exchanged tokens in memory only. The token half and
 * the profile half meet in one place: a rotation drops the old id's tokens.
 */
export function createMemoryRegistry(seed: Seed, options: MemoryRegistryOptions = {}): Registry {
  const { tokenTtlMs = DEFAULT_TOKEN_TTL_MS, maxIssuedTokens = 100_000, maxTokensPerOverlay = DEFAULT_MAX_TOKENS_PER_OVERLAY, now = Date.now } = options;
  const randomToken = options.randomToken ?? (() => randomBytes(32).toString('base64url'));
  const { randomSecret = freshSecret } = options;
  checkOptions(tokenTtlMs, maxIssuedTokens);
  if (!(Number.isInteger(maxTokensPerOverlay) && maxTokensPerOverlay > 0)) throw new RangeError('maxTokensPerOverlay must be a positive integer');
  const index = indexSeed(seed);
  const book = createProfileBook(options.records ?? createMemoryProfileRecords(), index);
  const isTaken = (token: string) => index.seedGrants.has(token);
  const revoked: ((digest: string) => void)[] = [];
  const onDrop = (token: string) => {
    const digest = tokenDigest(token);
    for (const listener of revoked) listener(digest);
  };
  const issued = createIssuedTokens({ tokenTtlMs, maxIssuedTokens, maxTokensPerOverlay, now, randomToken, isTaken, onDrop });
  // Counts finished rotations: an exchange whose check straddled one looks again (it may have read the old id).
  let rotations = 0;

  const profiles = createProfileStore(book, {
    randomSecret,
    overlayRotated: (userId, kind) => {
      rotations++;
      issued.revokeOverlay(userId, kind);
    },
  });
  const tokens: TokenRegistry = {
    resolveToken: (token) => resolveGrant(token, index, book, issued.resolve),
    async exchangeOverlayId(overlayId) {
      for (;;) {
        const seen = rotations;
        const owner = await book.ownerOfOverlay(overlayId);
        if (!owner) return undefined;
        if (seen === rotations) return issued.issue(owner.userId, owner.kind);
      }
    },
    onRevoked(listener) {
      revoked.push(listener);
    },
  };
  return { ...tokens, ...profiles, close: async () => options.closeRecords?.() };
}

function checkOptions(tokenTtlMs: number, maxIssuedTokens: number): void {
  if (!(Number.isFinite(tokenTtlMs) && tokenTtlMs > 0)) throw new RangeError('tokenTtlMs must be a positive number');
  if (!(Number.isInteger(maxIssuedTokens) && maxIssuedTokens > 0)) {
    throw new RangeError('maxIssuedTokens must be a positive integer');
  }
}
