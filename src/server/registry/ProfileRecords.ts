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
}

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
   * `expected` (`undefined`: only if the user is not stored); false, with
   * nothing written, otherwise.
   */
  write(userId: string, expected: string | undefined, next: string, index: IndexChange): Promise<boolean>;
  /** The value of an index key; `undefined` when absent. */
  lookup(key: string): Promise<string | undefined>;
  /** The stored boxes of one layout as JSON text; `undefined` when none were stored. */
  readLayout(userId: string, kind: Kind): Promise<string | undefined>;
  /** Compare-and-set of one layout, as `write`. */
  writeLayout(userId: string, kind: Kind, expected: string | undefined, next: string): Promise<boolean>;
}
