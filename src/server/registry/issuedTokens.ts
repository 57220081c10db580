import type { Kind } from '../../api/index.ts';
import type { IssuedToken, TokenGrant } from './Registry.ts';

export interface IssuedTokensOptions {
  tokenTtlMs: number;
  /** Tokens kept at most; the oldest go first. */
  maxIssuedTokens: number;
  /** Tokens kept at most per overlay (user and kind); the oldest of that overlay go first. */
  maxTokensPerOverlay: number;
  now: () => number;
  randomToken: () => string;
  /** True for tokens that exist elsewhere (the seed), which a fresh token must not repeat. */
  isTaken: (token: string) => boolean;
  /** Told of each token dropped before its expiry. */
  onDrop: (token: string) => void;
}

type Held = IssuedToken & { expiresAtMs: number };

/** Exchanged overlay tokens of one process, each with an expiry; the part a shared registry keeps in Redis. */
export function createIssuedTokens(options: IssuedTokensOptions) {
  const { tokenTtlMs, maxIssuedTokens, maxTokensPerOverlay, now, randomToken, isTaken, onDrop } = options;
  // One TTL for all, so insertion order is expiry order: expired tokens sit at the front.
  const issued = new Map<string, Held>();
  const perOverlay = new Map<string, Set<string>>();
  const overlayOf = (grant: { userId: string; overlay: Kind }) => `${grant.userId}\n${grant.overlay}`;
  const drop = (token: string, grant: Held) => {
    issued.delete(token);
    if (grant.expiresAtMs > now()) onDrop(token);
    const tokens = perOverlay.get(overlayOf(grant));
    tokens?.delete(token);
    if (tokens?.size === 0) perOverlay.delete(overlayOf(grant));
  };
  const dropExpired = (now: number) => {
    for (const [token, grant] of issued) {
      if (grant.expiresAtMs > now && issued.size < maxIssuedTokens) break;
      drop(token, grant);
    }
  };
  /** Makes room for one more token of an overlay: each exchange adds one, and the exchange needs no auth. */
  const dropOldestOf = (key: string) => {
    const tokens = perOverlay.get(key);
    while (tokens && tokens.size >= maxTokensPerOverlay) {
      const oldest = tokens.values().next().value!;
      drop(oldest, issued.get(oldest)!);
    }
  };
  return {
    issue(userId: string, kind: Kind): IssuedToken {
      const at = now();
      dropExpired(at);
      const token = randomToken();
      if (isTaken(token) || issued.has(token)) throw new Error('randomToken returned a token already in use');
      const expiresAtMs = at + tokenTtlMs;
      const expiresAt = new Date(expiresAtMs).toISOString();
      const grant = { token, userId, context: 'overlay', overlay: kind, expiresAt } as const;
      const key = overlayOf(grant);
      dropOldestOf(key);
      issued.set(token, { ...grant, expiresAtMs });
      perOverlay.set(key, (perOverlay.get(key) ?? new Set()).add(token));
      return { ...grant };
    },
    /** Drops every token of an overlay (its id was rotated), each told to `onDrop`. */
    revokeOverlay(userId: string, kind: Kind): void {
      const tokens = perOverlay.get(overlayOf({ userId, overlay: kind }));
      for (const token of [...(tokens ?? [])]) drop(token, issued.get(token)!);
    },
    resolve(token: string): TokenGrant | undefined {
      const found = issued.get(token);
      if (!found || found.expiresAtMs <= now()) return undefined;
      const { userId, context, overlay, expiresAt } = found;
      return { userId, context, overlay, expiresAt };
    },
  };
}
