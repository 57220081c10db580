import { randomBytes } from 'node:crypto';
import { createIssuedTokens } from './issuedTokens.ts';
import { tokenDigest } from './tokenDigest.ts';
import type { Registry } from './Registry.ts';
import type { Seed } from './seed.ts';
import { indexSeed, streamdeckGrant, streamdeckTokenOf } from './seedIndex.ts';

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
}

export const DEFAULT_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/** Exchanged tokens alive per overlay id: one per running copy of the overlay is plenty (a reloaded page exchanges again). */
export const DEFAULT_MAX_TOKENS_PER_OVERLAY = 32;

/** The registry of one process: seed users and tokens, plus exchanged tokens that live in memory only. */
export function createMemoryRegistry(seed: Seed, options: MemoryRegistryOptions = {}): Registry {
  const { tokenTtlMs = DEFAULT_TOKEN_TTL_MS, maxIssuedTokens = 100_000, maxTokensPerOverlay = DEFAULT_MAX_TOKENS_PER_OVERLAY, now = Date.now } = options;
  const randomToken = options.randomToken ?? (() => randomBytes(32).toString('base64url'));
  checkOptions(tokenTtlMs, maxIssuedTokens);
  if (!(Number.isInteger(maxTokensPerOverlay) && maxTokensPerOverlay > 0)) throw new RangeError('maxTokensPerOverlay must be a positive integer');
  const { profiles, seedGrants, overlayIds, streamdeckTokens } = indexSeed(seed);
  const isTaken = (token: string) => seedGrants.has(token);
  const revoked: ((digest: string) => void)[] = [];
  const onDrop = (token: string) => {
    const digest = tokenDigest(token);
    for (const listener of revoked) listener(digest);
  };
  const issued = createIssuedTokens({ tokenTtlMs, maxIssuedTokens, maxTokensPerOverlay, now, randomToken, isTaken, onDrop });

  return {
    async resolveToken(token) {
      const grant = seedGrants.get(token);
      if (grant) return { ...grant };
      const deckOwner = streamdeckTokens.get(token);
      if (deckOwner === '') return undefined;
      return deckOwner === undefined ? issued.resolve(token) : streamdeckGrant(deckOwner);
    },
    async exchangeOverlayId(overlayId) {
      const owner = overlayIds.get(overlayId);
      return owner && issued.issue(owner.userId, owner.kind);
    },
    async profile(userId) {
      return profiles.get(userId);
    },
    async replaceProfile(userId, profile) {
      const current = profiles.get(userId);
      if (!current) return false;
      profiles.set(userId, { ...structuredClone(profile), overlays: current.overlays });
      // The Stream Deck token is the profile's: a replaced one stops working at once.
      const before = streamdeckTokenOf(current);
      if (before !== undefined) streamdeckTokens.delete(before);
      const after = streamdeckTokenOf(profile);
      if (after !== undefined && !seedGrants.has(after)) streamdeckTokens.set(after, userId);
      return true;
    },
    onRevoked(listener) {
      revoked.push(listener);
    },
  };
}

function checkOptions(tokenTtlMs: number, maxIssuedTokens: number): void {
  if (!(Number.isFinite(tokenTtlMs) && tokenTtlMs > 0)) throw new RangeError('tokenTtlMs must be a positive number');
  if (!(Number.isInteger(maxIssuedTokens) && maxIssuedTokens > 0)) {
    throw new RangeError('maxIssuedTokens must be a positive integer');
  }
}
