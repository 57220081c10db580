import * as z from 'zod/mini';
import { type Clock, type Kind, KindSchema, type Profile, type PublicProfile, PublicProfileSchema, systemClock, toPublicProfile } from '../../api/index.ts';
import { hashIdentity } from './hashIdentity.ts';
import type { KeyValueStore } from '../storage/index.ts';

const CachedProfileSchema = z.object({
  profile: PublicProfileSchema,
  userId: z.string(),
  kind: KindSchema,
  savedAt: z.number(),
});

/** What an overlay needs to start without the API: whose it is, its kind, its profile. */
export interface CachedProfile {
  /** The profile without credentials (no overlay ids, no streamdeck token). */
  profile: PublicProfile;
  userId: string;
  kind: Kind;
  savedAt: number;
}

export interface ProfileCacheOptions {
  store: KeyValueStore;
  /** The API base URL the page talks to. */
  baseUrl: string;
  /** What the page knows at start: its overlay id, or its token. Only a hash of it is stored. */
  identity: string;
  /** @default systemClock */
  clock?: Clock;
}

export interface ProfileCache {
  /** The last profile saved for this identity and API, if any. */
  load(): Promise<CachedProfile | undefined>;
  /** Keeps the profile (its public part) for the next start. */
  save(profile: Profile, kind: Kind): Promise<void>;
}

/**
 * The last profile, keyed by what the page knows before it can reach the API:
 * a hash of (API base URL, overlay id or token). So an overlay started while
 * the API is down still knows its user, kind and modules.
 */
export function createProfileCache(options: ProfileCacheOptions): ProfileCache {
  const { store, baseUrl, identity, clock = systemClock } = options;
  let key: Promise<string[]> | null = null;
  const keyOf = () => {
    key ??= hashIdentity(`${baseUrl.replace(/\/+$/, '')}\n${identity}`).then((hash) => ['profile', hash]);
    return key;
  };

  return {
    async load() {
      const parsed = CachedProfileSchema.safeParse(await store.get(await keyOf()));
      return parsed.success ? (parsed.data as CachedProfile) : undefined;
    },
    async save(profile, kind) {
      const entry: CachedProfile = { profile: toPublicProfile(profile), userId: profile.user.userId, kind, savedAt: clock.now() };
      const at = await keyOf();
      await store.update([at], () => ({ writes: [[at, entry]], result: undefined }));
    },
  };
}
