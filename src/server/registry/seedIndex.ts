import { KINDS, type Kind, type Profile } from '../../api/index.ts';
import type { TokenGrant } from './Registry.ts';
import type { Seed } from './seed.ts';

/** Lookup tables of a validated seed (parseSeed has refused duplicates). */
export interface SeedIndex {
  profiles: Map<string, Profile>;
  seedGrants: Map<string, TokenGrant>;
  overlayIds: Map<string, { userId: string; kind: Kind }>;
  /** The seeded profiles' `streamdeck.token`s (a replaced profile may bring another). */
  streamdeckTokens: Map<string, string>;
  /** The seeded profiles' `twitch.user.id`s. */
  twitchIds: Map<string, string>;
}

/** A profile's Stream Deck token, a credential that may only post events; none when empty or absent. */
export function streamdeckTokenOf(profile: Profile): string | undefined {
  const token = (profile.streamdeck as { token?: unknown } | undefined)?.token;
  return typeof token === 'string' && token !== '' ? token : undefined;
}

/** The grant of a Stream Deck token: never expires, like seed tokens. */
export const streamdeckGrant = (userId: string): TokenGrant => ({ userId, context: 'streamdeck', expiresAt: null });

/** Indexes a seed by user id, seed token, overlay id and Stream Deck token. */
export function indexSeed(seed: Seed): SeedIndex {
  const profiles = new Map<string, Profile>();
  const seedGrants = new Map<string, TokenGrant>();
  const overlayIds = new Map<string, { userId: string; kind: Kind }>();
  const streamdeckTokens = new Map<string, string>();
  const twitchIds = new Map<string, string>();
  for (const { profile, tokens } of seed.users) {
    const userId = profile.user.userId;
    profiles.set(userId, profile);
    const deck = streamdeckTokenOf(profile);
    // A Stream Deck token shared by several users (profiles copied from one another) identifies none of them.
    if (deck !== undefined) streamdeckTokens.set(deck, streamdeckTokens.has(deck) ? '' : userId);
    const twitchId = (profile.twitch as { user?: { id?: unknown } } | undefined)?.user?.id;
    if (typeof twitchId === 'string' && twitchId !== '') twitchIds.set(twitchId, userId);
    for (const kind of KINDS) overlayIds.set(profile.overlays[kind], { userId, kind });
    for (const t of tokens) {
      const grant: TokenGrant =
        t.context === 'overlay'
          ? { userId, context: 'overlay', overlay: t.overlay, expiresAt: null }
          : { userId, context: 'website', expiresAt: null };
      seedGrants.set(t.token, grant);
    }
  }
  return { profiles, seedGrants, overlayIds, streamdeckTokens, twitchIds };
}
