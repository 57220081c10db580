import type { Kind, Profile, TokenContext } from '../../api/index.ts';

/** What a valid token allows: whose it is, and for overlay tokens, which overlay kind. */
export interface TokenGrant {
  userId: string;
  context: TokenContext;
  /** Present exactly for overlay tokens. */
  overlay?: Kind;
  /** ISO 8601; `null` for seed tokens, which never expire. */
  expiresAt: string | null;
}

/** A token issued by `exchangeOverlayId`. */
export interface IssuedToken extends TokenGrant {
  token: string;
  context: 'overlay';
  overlay: Kind;
  expiresAt: string;
}

/**
 * Users and tokens, behind one small async interface so that a shared
 * (e.g. Redis-backed) registry can replace the in-memory one.
 */
export interface Registry {
  /** The grant of a known, unexpired token; `undefined` otherwise. */
  resolveToken(token: string): Promise<TokenGrant | undefined>;
  /** Exchanges an overlay id (`profile.overlays[kind]`) for a fresh overlay token; `undefined` for an unknown id. */
  exchangeOverlayId(overlayId: string): Promise<IssuedToken | undefined>;
  /** The profile of a user, exactly as seeded or last replaced. */
  profile(userId: string): Promise<Profile | undefined>;
  /**
   * Replaces a known user's profile (developer tools: the studio's profile editor,
   * test fixtures). Overlay ids stay as seeded. Resolves false for an unknown user.
   */
  replaceProfile(userId: string, profile: Profile): Promise<boolean>;
  /**
   * Tells `listener` the digest (`tokenDigest`) of each exchanged token this
   * process drops before its expiry (newer exchanges of its overlay id, or the
   * cap on all tokens), so that live connections holding it close at once.
   * A shared registry tells every instance through Redis instead (its
   * revocations arrive on the space's live channel).
   */
  onRevoked?(listener: (digest: string) => void): void;
}
