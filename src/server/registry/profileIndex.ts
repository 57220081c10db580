import { KINDS, type Kind, type Profile } from '../../api/index.ts';
import type { IndexChange } from './ProfileRecords.ts';
import { streamdeckTokenOf } from './seedIndex.ts';
import { tokenDigest } from './tokenDigest.ts';

/** The index key of an overlay id; its value is `<userId>\n<kind>`. */
export const overlayIndexKey = (overlayId: string) => `overlay:${overlayId}`;

/** The index key of a Stream Deck token: its digest, so that the index holds no usable token. */
export const streamdeckIndexKey = (token: string) => `streamdeck:${tokenDigest(token)}`;

/** The index key of a Twitch user id. */
export const twitchIndexKey = (twitchUserId: string) => `twitch:${twitchUserId}`;

/** The owner an overlay id's index value names. */
export function parseOverlayOwner(value: string): { userId: string; kind: Kind } | undefined {
  const [userId, kind] = value.split('\n');
  return userId && (KINDS as readonly string[]).includes(kind ?? '') ? { userId, kind: kind as Kind } : undefined;
}

/** The Twitch user id of a profile; none when empty or absent (a profile not yet connected to Twitch). */
export function twitchIdOf(profile: Profile): string | undefined {
  const id = (profile.twitch as { user?: { id?: unknown } } | undefined)?.user?.id;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/** Every index entry of a profile but its Twitch id's, which is claimed (`indexChange`). */
export function indexEntriesOf(profile: Profile): Array<[string, string]> {
  const userId = profile.user.userId;
  const entries: Array<[string, string]> = [];
  for (const kind of KINDS) {
    const id = profile.overlays[kind];
    if (id) entries.push([overlayIndexKey(id), `${userId}\n${kind}`]);
  }
  const deck = streamdeckTokenOf(profile);
  if (deck !== undefined) entries.push([streamdeckIndexKey(deck), userId]);
  return entries;
}

/**
 * What changes in the index when `before` (none: a new user) becomes `after`:
 * all of `after`'s entries are (re)written; a Twitch id is claimed when the
 * profile takes it (one Twitch user belongs to one account: the write is
 * refused when another holds it) and released when it lets go of it.
 */
export function indexChange(before: Profile | undefined, after: Profile): IndexChange {
  const set = indexEntriesOf(after);
  const kept = new Set(set.map(([key]) => key));
  const remove = before ? indexEntriesOf(before).map(([key]) => key).filter((key) => !kept.has(key)) : [];
  const userId = after.user.userId;
  const had = before && twitchIdOf(before);
  const has = twitchIdOf(after);
  const claim: Array<[string, string]> = has !== undefined && has !== had ? [[twitchIndexKey(has), userId]] : [];
  const release: Array<[string, string]> = had !== undefined && had !== has ? [[twitchIndexKey(had), userId]] : [];
  return { remove, set, claim, release };
}
