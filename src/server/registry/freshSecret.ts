import { randomBytes } from 'node:crypto';
import type { Kind } from '../../api/index.ts';

/** A fresh secret: 24 random bytes (192 bits), base64url; an overlay id or Stream Deck token must not be guessable. */
export function freshSecret(): string {
  return randomBytes(24).toString('base64url');
}

/** A fresh overlay id of `kind`: the kind is named, for the streamer who reads it, before the secret. */
export function freshOverlayId(kind: Kind, secret: () => string = freshSecret): string {
  return `${kind}-${secret()}`;
}
