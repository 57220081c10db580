import type { MediaKind } from '../../api/index.ts';

/** One file of a streamer's library as the stores keep it. */
export interface MediaRecord {
  /** At least 128 random bits (base64url): the secret of its public URL. */
  id: string;
  userId: string;
  name: string;
  kind: MediaKind;
  /** The type detected from its bytes. */
  type: string;
  bytes: number;
  /** Unix ms. */
  createdAt: number;
}

/** What `add` did: stored, or refused because the user's files would pass the quota (nothing stored then). */
export type AddOutcome = { added: true } | { added: false; left: number };

/**
 * Where the library lives (memory, SQLite, Redis, or an index there with the bytes in a bucket):
 * beside the data store, outside the key space the data API can reach. Every store answers
 * the same contract (mediaStoreContract.ts).
 */
export interface MediaStore {
  /** What keeps the bytes, for the root page and the docs. */
  readonly place: 'memory' | 'sqlite' | 'redis' | 's3';
  /**
   * Stores the record and its bytes in one step, only if the user's files then take at most
   * `quota` bytes: two uploads that together pass it are never both added. `record.bytes` is
   * what counts (an index whose bytes live elsewhere is given an empty `bytes`).
   */
  add(record: MediaRecord, bytes: Uint8Array, quota: number): Promise<AddOutcome>;
  /** The record of an id, whoever owns it; undefined when there is none. */
  find(id: string): Promise<MediaRecord | undefined>;
  /** The user's files, newest first. */
  list(userId: string): Promise<MediaRecord[]>;
  /** The bytes the user's files take. */
  used(userId: string): Promise<number>;
  /**
   * The bytes `start` to `end` (inclusive) of a file, read in one step: a file deleted
   * meanwhile gives undefined, never a part of it.
   */
  read(id: string, start: number, end: number): Promise<Uint8Array | ReadableStream<Uint8Array> | undefined>;
  /** Drops one of the user's files, freeing its bytes; undefined when the user has no such file. */
  remove(userId: string, id: string): Promise<MediaRecord | undefined>;
  close(): Promise<void>;
}
