import { createHash } from 'node:crypto';

/**
 * A token's SHA-256, base64url: how Redis keys an exchanged token, and how a
 * revocation names it, so that neither a dump of Redis nor a message on its
 * channels holds a usable token.
 */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
