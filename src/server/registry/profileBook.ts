import type { Boxes, Kind, Profile } from '../../api/index.ts';
import { freshOverlayId } from './freshSecret.ts';
import { entityTag, ifMatchAllows, type Tagged } from './entityTag.ts';
import { indexChange, overlayIndexKey, parseOverlayOwner, streamdeckIndexKey, twitchIdOf, twitchIndexKey } from './profileIndex.ts';
import type { ProfileRecords } from './ProfileRecords.ts';
import type { SeedIndex } from './seedIndex.ts';
import { streamdeckTokenOf } from './seedIndex.ts';

/** A change of a profile: gets a copy of the current one, returns the next. Pure: it may run again after a lost race. */
export type ProfileChange = (current: Profile) => Profile;

/**
 * How a profile change ends: the stored profile, 'stale' (If-Match no longer
 * holds), 'taken' (it would take a Twitch id another account holds; nothing
 * written), or `undefined` for an unknown user.
 */
export type ProfileUpdate = Tagged<Profile> | 'stale' | 'taken' | undefined;

/** Compare-and-set rounds lost to other writers before a write gives up (each lost round means another write won). */
const MAX_ROUNDS = 32;

/** Seeded users stored at once at start: one round trip to Redis each, in flight together. */
const SEED_BATCH = 500;

/**
 * The profiles of a registry, on any store: the seed is initial content (a
 * seeded user the store does not know reads as seeded, and is stored at its
 * first write); every write is a compare-and-set of the whole profile with its
 * index, retried when another writer came first, refused ('stale') when an
 * `If-Match` no longer holds. Lookups by index are checked against the
 * profile, so an entry a write has not yet removed finds nobody.
 */
export function createProfileBook(records: ProfileRecords, seed: SeedIndex) {
  const readText = async (userId: string): Promise<{ json: string; stored: boolean } | undefined> => {
    const stored = await records.read(userId);
    if (stored !== undefined) return { json: stored, stored: true };
    const seeded = seed.profiles.get(userId);
    return seeded && { json: JSON.stringify(seeded), stored: false };
  };
  const read = async (userId: string): Promise<Tagged<Profile> | undefined> => {
    const found = await readText(userId);
    return found && { value: JSON.parse(found.json) as Profile, etag: entityTag(found.json) };
  };
  const update = async (userId: string, change: ProfileChange, ifMatch?: string): Promise<ProfileUpdate> => {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const found = await readText(userId);
      if (!found) return undefined;
      if (ifMatch !== undefined && !ifMatchAllows(ifMatch, entityTag(found.json))) return 'stale';
      const before = JSON.parse(found.json) as Profile;
      const after = change(structuredClone(before));
      const json = JSON.stringify(after);
      const written = await records.write(userId, found.stored ? found.json : undefined, json, indexChange(before, after));
      if (written === 'taken') return 'taken';
      if (written) return { value: after, etag: entityTag(json) };
    }
    throw new Error(`profile of user ${userId}: ${MAX_ROUNDS} writes in a row lost to other writers`);
  };
  return {
    read,
    update,
    /** Gives the user's `kind` overlay a fresh id; undefined for an unknown user. Revoking the old id's tokens is the caller's (per store). */
    async replaceOverlayId(userId: string, kind: Kind, randomSecret: () => string): Promise<string | undefined> {
      const id = freshOverlayId(kind, randomSecret);
      const result = await update(userId, (current) => ({ ...current, overlays: { ...current.overlays, [kind]: id } }));
      return typeof result === 'object' ? id : undefined;
    },
    /** Gives the user a fresh Stream Deck token (the old one stops resolving at once); undefined for an unknown user. */
    async rotateStreamdeckToken(userId: string, randomSecret: () => string): Promise<string | undefined> {
      const token = randomSecret();
      const result = await update(userId, (current) => ({ ...current, streamdeck: { ...current.streamdeck, token } }));
      return typeof result === 'object' ? token : undefined;
    },
    /** Stores a new user whole (profile and index); false when the user id is stored or seeded, or its Twitch id is another account's. */
    async create(profile: Profile): Promise<boolean> {
      const userId = profile.user.userId;
      if (seed.profiles.has(userId)) return false;
      return (await records.write(userId, undefined, JSON.stringify(profile), indexChange(undefined, profile))) === true;
    },
    /**
     * Connects a Twitch user to an account (`Connect Twitch`): the profile's
     * `twitch.user` takes the id and login, claimed in the same atomic write.
     * 'taken' when another account holds that Twitch id, 'own' when the account
     * was made by signing in with another Twitch user (not seeded, and its user
     * id is its own Twitch id, for good); nothing written then.
     */
    async bindTwitch(userId: string, twitchUser: { id: string; login: string }): Promise<'bound' | 'taken' | 'own' | undefined> {
      const current = await read(userId);
      if (!current) return undefined;
      const bound = twitchIdOf(current.value);
      // Made by signing in (never seeded: npm start's and the seed's users may connect anyone free).
      if (!seed.profiles.has(userId) && bound === userId && twitchUser.id !== userId) return 'own';
      if (bound === twitchUser.id) return 'bound';
      const result = await update(userId, (profile) => ({ ...profile, twitch: { ...profile.twitch, user: { ...profile.twitch.user, id: twitchUser.id, name: twitchUser.login } } }));
      return result === 'taken' ? 'taken' : result === undefined ? undefined : 'bound';
    },
    /** The user and kind of an overlay id that is the user's current one. */
    async ownerOfOverlay(overlayId: string): Promise<{ userId: string; kind: Kind } | undefined> {
      const indexed = await records.lookup(overlayIndexKey(overlayId));
      const owner = indexed === undefined ? seed.overlayIds.get(overlayId) : parseOverlayOwner(indexed);
      if (!owner) return undefined;
      const profile = await read(owner.userId);
      return profile?.value.overlays[owner.kind] === overlayId ? owner : undefined;
    },
    /** The user whose current Stream Deck token this is. */
    async ownerOfStreamdeck(token: string): Promise<string | undefined> {
      const userId = (await records.lookup(streamdeckIndexKey(token))) ?? seed.streamdeckTokens.get(token);
      if (!userId) return undefined;
      const profile = await read(userId);
      return profile && streamdeckTokenOf(profile.value) === token ? userId : undefined;
    },
    /** The user whose current profile has this `twitch.user.id`. */
    async userIdByTwitchId(twitchUserId: string): Promise<string | undefined> {
      const userId = (await records.lookup(twitchIndexKey(twitchUserId))) ?? seed.twitchIds.get(twitchUserId);
      if (!userId) return undefined;
      const profile = await read(userId);
      return profile && twitchIdOf(profile.value) === twitchUserId ? userId : undefined;
    },
    async layout(userId: string, kind: Kind): Promise<Tagged<Boxes>> {
      const json = (await records.readLayout(userId, kind)) ?? '{}';
      return { value: JSON.parse(json) as Boxes, etag: entityTag(json) };
    },
    async replaceLayout(userId: string, kind: Kind, boxes: Boxes, ifMatch?: string): Promise<Tagged<Boxes> | 'stale'> {
      const json = JSON.stringify(boxes);
      for (let round = 0; round < MAX_ROUNDS; round++) {
        const stored = await records.readLayout(userId, kind);
        if (ifMatch !== undefined && !ifMatchAllows(ifMatch, entityTag(stored ?? '{}'))) return 'stale';
        if (await records.writeLayout(userId, kind, stored, json)) return { value: structuredClone(boxes), etag: entityTag(json) };
      }
      throw new Error(`layout ${kind} of user ${userId}: ${MAX_ROUNDS} writes in a row lost to other writers`);
    },
    /** Stores each seeded user the store does not know, from the seed (several instances starting at once store it once). */
    async storeMissing(): Promise<void> {
      const all = [...seed.profiles.values()];
      for (let start = 0; start < all.length; start += SEED_BATCH) {
        const batch = all.slice(start, start + SEED_BATCH);
        await Promise.all(batch.map((profile) => records.write(profile.user.userId, undefined, JSON.stringify(profile), indexChange(undefined, profile))));
      }
    },
    /** `--reseed`: the seed's profile replaces each seeded user's stored one (layouts stay). */
    async reseed(): Promise<void> {
      for (const [userId, profile] of seed.profiles) {
        if ((await update(userId, () => structuredClone(profile))) === 'taken') {
          throw new Error(`--reseed: user ${userId}'s Twitch user ${twitchIdOf(profile)} is connected to another account`);
        }
      }
    },
  };
}

export type ProfileBook = ReturnType<typeof createProfileBook>;
