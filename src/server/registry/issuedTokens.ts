import type { Kind } from '../../api/index.ts';
import type { IssuedToken, TokenGrant } from './Registry.ts';

export interface IssuedTokensOptions {
  tokenTtlMs: number;
  /** Tokens kept at most; the oldest go first. */
  maxIssuedTokens: number;
  clock: () => number;
  randomToken: () => string;
  /** True for tokens that exist elsewhere (the seed), which a fresh token must not repeat. */
  isTaken: (token: string) => boolean;
}

/** Exchanged overlay tokens of one process, each with an expiry; the part a shared registry keeps in Redis. */
export function createIssuedTokens({ tokenTtlMs, maxIssuedTokens, clock, randomToken, isTaken }: IssuedTokensOptions) {
  // One TTL for all, so insertion order is expiry order: expired tokens sit at the front.
  const issued = new Map<string, IssuedToken & { expiresAtMs: number }>();
  const dropExpired = (now: number) => {
    for (const [token, grant] of issued) {
      if (grant.expiresAtMs > now && issued.size < maxIssuedTokens) break;
      issued.delete(token);
    }
  };
  return {
    issue(userId: string, kind: Kind): IssuedToken {
      const now = clock();
      dropExpired(now);
      const token = randomToken();
      if (isTaken(token) || issued.has(token)) throw new Error('randomToken returned a token already in use');
      const expiresAtMs = now + tokenTtlMs;
      const expiresAt = new Date(expiresAtMs).toISOString();
      const grant = { token, userId, context: 'overlay', overlay: kind, expiresAt } as const;
      issued.set(token, { ...grant, expiresAtMs });
      return { ...grant };
    },
    resolve(token: string): TokenGrant | undefined {
      const found = issued.get(token);
      if (!found || found.expiresAtMs <= clock()) return undefined;
      const { userId, context, overlay, expiresAt } = found;
      return { userId, context, overlay, expiresAt };
    },
  };
}
