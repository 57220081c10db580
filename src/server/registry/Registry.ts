import type { Boxes, Kind, Profile, TokenContext } from '../../api/index.ts';
import type { Tagged } from './entityTag.ts';
import type { ProfileChange, ProfileUpdate } from './profileBook.ts';

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
 * The tokens: who a bearer token is, and the overlay ids' exchange for overlay tokens. Seed tokens come from
 * the seed; exchanged tokens live in memory or in Redis; the Stream Deck token and the overlay ids are read
 * from the profiles. What `guardRoute` and the live endpoint ask (withSessions adds the website sessions).
 */
export interface TokenRegistry {
  /** The grant of a known, unexpired token; `undefined` otherwise. */
  resolveToken(token: string): Promise<TokenGrant | undefined>;
  /** Exchanges a current overlay id (`profile.overlays[kind]`) for a fresh overlay token; `undefined` for an unknown or rotated id. */
  exchangeOverlayId(overlayId: string): Promise<IssuedToken | undefined>;
  /**
   * Tells `listener` the digest (`tokenDigest`) of each exchanged token this
   * process drops before its expiry (newer exchanges of its overlay id, a
   * rotated overlay id, or the cap on all tokens), so that live connections
   * holding it close at once. A shared registry tells every instance through
   * Redis instead (its revocations arrive on the space's live channel).
   */
  onRevoked?(listener: (digest: string) => void): void;
}

/**
 * Users, their stored profiles and layouts, and the Twitch index, with one implementation per store
 * (memory, SQLite, Redis; one contract suite, registryContract.ts). Profiles live in the store: the seed is
 * initial content, and every instance on one Redis sees one profile. Each write is a compare-and-set, atomic
 * in the store, so two instances racing cannot both win.
 */
export interface ProfileStore {
  /** The profile of a user, as stored (else as seeded). */
  profile(userId: string): Promise<Profile | undefined>;
  /** The profile with its ETag (`GET /me`). */
  taggedProfile(userId: string): Promise<Tagged<Profile> | undefined>;
  /**
   * Replaces a known user's profile (developer tools: the studio's profile editor,
   * test fixtures). Overlay ids stay as they are. Resolves false for an unknown user,
   * 'taken' (nothing written) when it names a Twitch id another account holds.
   */
  replaceProfile(userId: string, profile: Profile): Promise<boolean | 'taken'>;
  /**
   * Changes a user's profile: `change` gets the current one and returns the
   * next (it may run again when another write came first). With `ifMatch` (an
   * `If-Match` header) the write happens only while it matches the profile's
   * ETag, else 'stale' and nothing changes. `undefined` for an unknown user;
   * 'taken' when the change would give it a Twitch id another account holds.
   * Overlay ids and the Stream Deck token change only through the rotations.
   */
  updateProfile(userId: string, change: ProfileChange, ifMatch?: string): Promise<ProfileUpdate>;
  /**
   * Gives a user's overlay of `kind` a fresh id (>= 128 random bits) and
   * answers it; from then on the old id is unknown, every token exchanged from
   * it is invalid, and live connections holding one close (`onRevoked`, or the
   * space's channel on Redis). `undefined` for an unknown user.
   */
  rotateOverlayId(userId: string, kind: Kind): Promise<string | undefined>;
  /** Gives a user a fresh Stream Deck token and answers it; the old one is invalid at once. */
  rotateStreamdeckToken(userId: string): Promise<string | undefined>;
  /** The stored boxes of a user's layout of `kind` (`{}` when none), with their ETag. */
  layout(userId: string, kind: Kind): Promise<Tagged<Boxes>>;
  /** Replaces the whole layout of `kind`; 'stale' (nothing changed) when `ifMatch` no longer matches its ETag. */
  replaceLayout(userId: string, kind: Kind, boxes: Boxes, ifMatch?: string): Promise<Tagged<Boxes> | 'stale'>;
  /**
   * Stores a new user (sign-in with Twitch): the profile, its overlay ids' and
   * Stream Deck token's index entries are written whole or not at all (one
   * SQLite transaction, one Redis script). Resolves false, writing nothing,
   * when the user id exists (stored or seeded) or its Twitch id belongs to
   * another account. The caller draws the overlay ids and the Stream Deck token fresh.
   */
  createUser(profile: Profile): Promise<boolean>;
  /**
   * The one account a Twitch user belongs to: the user whose profile claimed
   * `twitch.user.id` = `twitchUserId`; `undefined` when none.
   */
  userIdByTwitchId(twitchUserId: string): Promise<string | undefined>;
  /**
   * Connects a Twitch user to an account, atomically: one Twitch user id
   * belongs to at most one account, whichever instance writes. 'bound' (also
   * when it already was), 'taken' (another account holds it), 'own' (the
   * account was made by signing in with another Twitch user, not seeded, and
   * stays with it); `undefined` for an unknown user. Nothing is written unless 'bound'.
   */
  bindTwitch(userId: string, twitchUser: { id: string; login: string }): Promise<'bound' | 'taken' | 'own' | undefined>;
}

/**
 * Both halves as one object (`{...tokens, ...profiles}`, no wrapper), as the registry factories return them
 * for the server's composition; each part of the server takes the half it uses.
 */
export interface Registry extends TokenRegistry, ProfileStore {
  /** Releases what the registry opened itself (the SQLite registry's connection); never the store. */
  close?(): Promise<void>;
}
