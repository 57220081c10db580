import { KINDS, type Kind, type Profile } from '../../api/index.ts';
import type { TokenGrant } from './Registry.ts';
import type { Seed } from './seed.ts';

/** Lookup tables of a validated seed (parseSeed has refused duplicates). */
export interface SeedIndex {
  profiles: Map<string, Profile>;
  seedGrants: Map<string, TokenGrant>;
  overlayIds: Map<string, { userId: string; kind: Kind }>;
}

/** Indexes a seed by user id, seed token and overlay id. */
export function indexSeed(seed: Seed): SeedIndex {
  const profiles = new Map<string, Profile>();
  const seedGrants = new Map<string, TokenGrant>();
  const overlayIds = new Map<string, { userId: string; kind: Kind }>();
  for (const { profile, tokens } of seed.users) {
    const userId = profile.user.userId;
    profiles.set(userId, profile);
    for (const kind of KINDS) overlayIds.set(profile.overlays[kind], { userId, kind });
    for (const t of tokens) {
      const grant: TokenGrant =
        t.context === 'overlay'
          ? { userId, context: 'overlay', overlay: t.overlay, expiresAt: null }
          : { userId, context: 'website', expiresAt: null };
      seedGrants.set(t.token, grant);
    }
  }
  return { profiles, seedGrants, overlayIds };
}
