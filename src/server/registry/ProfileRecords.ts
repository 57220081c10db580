import type { Kind } from '../../api/index.ts';

/**
 * The lookups a profile is indexed by, written with it: `overlay:<id>` ->
 * `<userId>\n<kind>`, `streamdeck:<token digest>` -> userId, `twitch:<Twitch
 * user id>` -> userId (profileIndex.ts).
 */
export interface IndexChange {
  /** Keys to delete (the old profile's entries the new one lacks). */
  remove: string[];
  /** Keys to set, with their values (all of the new profile's entries). */
  set: Array<[key: string, value: string]>;
  /**
   * Keys this profile takes that may belong to one user only (`twitch:<id>`):
   * set when absent or already this value; held with another value, the whole
   * write is refused ('taken') in the same atomic step.
   */
  claim?: Array<[key: string, value: string]>;
  /** Keys this profile lets go of: deleted only while they still hold this value (never another user's entry). */
  release?: Array<[key: string, value: string]>;
}

/** How a compare-and-set ends: written, lost to another writer (false), or refused because a claimed key is another user's. */
export type RecordWrite = boolean | 'taken';

/**
 * Where a data store keeps profiles, their indexes and layouts, as JSON text:
 * memory, SQLite, Redis. Every write is a compare-and-set on the whole text,
 * atomic in the store (one transaction, one script), so that two instances
 * writing at once cannot both win; the registry reads, changes and retries.
 */
export interface ProfileRecords {
  /** The stored profile's JSON text; `undefined` for a user the store does not know. */
  read(userId: string): Promise<string | undefined>;
  /**
   * Writes `next` and the index change together if the stored text is
   * `expected` (`undefined`: only if the user is not stored) and every claim
   * is free; false (stale) or 'taken', with nothing written, otherwise.
   */
  write(userId: string, expected: string | undefined, next: string, index: IndexChange): Promise<RecordWrite>;
  /** The value of an index key; `undefined` when absent. */
  lookup(key: string): Promise<string | undefined>;
  /** The stored boxes of one layout as JSON text; `undefined` when none were stored. */
  readLayout(userId: string, kind: Kind): Promise<string | undefined>;
  /** Compare-and-set of one layout, as `write`. */
  writeLayout(userId: string, kind: Kind, expected: string | undefined, next: string): Promise<boolean>;
}
