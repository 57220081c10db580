import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { MediaRecord, MediaStore } from './MediaStore.ts';

/** Two handles on one library (two instances, or two connections to one file), and a way to reopen it as a restart would. */
export interface MediaStoreFixture {
  open(): Promise<[MediaStore, MediaStore]>;
  /** A new handle on the same library after the others were closed; undefined for memory, which keeps nothing. */
  reopen?: () => Promise<MediaStore>;
}

let ids = 0;
/** A record of `size` bytes; ids are unique across the run, so stores shared between tests never collide. */
export function sampleRecord(userId: string, size: number, createdAt = 1_000): MediaRecord {
  return { id: `id${++ids}-${Math.random().toString(36).slice(2)}xxxxxxxxxxxxxxxx`, userId, name: `file${ids}.png`, kind: 'image', type: 'image/png', bytes: size, createdAt };
}

/** Bytes whose every position can be checked: byte i is i mod 251. */
export function patternBytes(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = i % 251;
  return bytes;
}

/** The bytes read, as hex of their digest (a deep equality of megabytes is slow to run and to print), or undefined. */
async function readAll(store: MediaStore, id: string, start: number, end: number): Promise<string | undefined> {
  const read = await store.read(id, start, end);
  if (read === undefined) return undefined;
  return digest(read instanceof Uint8Array ? read : new Uint8Array(await new Response(read).arrayBuffer()));
}

const digest = (bytes: Uint8Array) => `${bytes.byteLength} bytes, sha256 ${createHash('sha256').update(bytes).digest('hex')}`;

/** The contract every media store keeps: the same tests against memory, SQLite, Redis and S3. */
export function describeMediaStoreContract(name: string, fixture: MediaStoreFixture): void {
  describe(`media store contract: ${name}`, () => {
    it('adds a file and its record, lists newest first, and sums the bytes used', async () => {
      const [store, other] = await fixture.open();
      const user = `u-${++ids}`;
      const older = sampleRecord(user, 10, 1_000);
      const newer = sampleRecord(user, 20, 2_000);
      expect(await store.add(older, patternBytes(10), 100)).toEqual({ added: true });
      expect(await store.add(newer, patternBytes(20), 100)).toEqual({ added: true });
      // Uploaded on one instance, read from the other.
      expect(await other.find(newer.id)).toEqual(newer);
      expect((await other.list(user)).map((each) => each.id)).toEqual([newer.id, older.id]);
      expect(await other.used(user)).toBe(30);
      expect(await other.list('nobody')).toEqual([]);
      expect(await readAll(other, older.id, 0, 9)).toEqual(digest(patternBytes(10)));
    });

    it('reads any range of a file, across its stored chunks', async () => {
      const [store, other] = await fixture.open();
      const size = 2.5 * 1024 * 1024;
      const record = sampleRecord(`u-${++ids}`, size);
      const bytes = patternBytes(size);
      await store.add(record, bytes, size);
      expect(await readAll(other, record.id, 0, size - 1)).toEqual(digest(bytes));
      const [start, end] = [1024 * 1024 - 3, 2 * 1024 * 1024 + 4];
      expect(await readAll(other, record.id, start, end)).toEqual(digest(bytes.subarray(start, end + 1)));
      expect(await readAll(other, record.id, size - 1, size - 1)).toEqual(digest(bytes.subarray(size - 1)));
    });

    it('refuses a file that would pass the quota, storing nothing, and says what is left', async () => {
      const [store] = await fixture.open();
      const user = `u-${++ids}`;
      await store.add(sampleRecord(user, 60), patternBytes(60), 100);
      const refused = sampleRecord(user, 41);
      expect(await store.add(refused, patternBytes(41), 100)).toEqual({ added: false, left: 40 });
      expect(await store.find(refused.id)).toBeUndefined();
      expect(await store.read(refused.id, 0, 40)).toBeUndefined();
      expect(await store.used(user)).toBe(60);
    });

    it('never accepts both of two uploads that together pass the quota, even from two instances at once', async () => {
      const [store, other] = await fixture.open();
      const user = `u-${++ids}`;
      const tries = Array.from({ length: 6 }, () => sampleRecord(user, 40));
      const outcomes = await Promise.all(tries.map((record, i) => (i % 2 ? other : store).add(record, patternBytes(40), 100)));
      expect(outcomes.filter((outcome) => outcome.added)).toHaveLength(2);
      expect(await store.used(user)).toBe(80);
      expect(await other.list(user)).toHaveLength(2);
    });

    it('removes only the owner\'s file: its bytes leave the quota and it reads as gone everywhere', async () => {
      const [store, other] = await fixture.open();
      const user = `u-${++ids}`;
      const record = sampleRecord(user, 50);
      await store.add(record, patternBytes(50), 100);
      expect(await other.remove('someone-else', record.id)).toBeUndefined();
      expect(await store.find(record.id)).toEqual(record);
      expect(await other.remove(user, record.id)).toEqual(record);
      expect(await store.find(record.id)).toBeUndefined();
      expect(await store.read(record.id, 0, 49)).toBeUndefined();
      expect(await store.used(user)).toBe(0);
      expect(await store.remove(user, record.id)).toBeUndefined();
      expect(await store.add(sampleRecord(user, 100), patternBytes(100), 100)).toEqual({ added: true });
    });

    // Memory keeps nothing across a restart: the test exists only for the stores that do.
    if (fixture.reopen) it('keeps every file across a restart', async () => {
      const [store, other] = await fixture.open();
      const user = `u-${++ids}`;
      const record = sampleRecord(user, 1234);
      await store.add(record, patternBytes(1234), 10_000);
      await store.close();
      await other.close();
      const reopened = await fixture.reopen!();
      expect(await reopened.list(user)).toEqual([record]);
      expect(await readAll(reopened, record.id, 0, 1233)).toEqual(digest(patternBytes(1234)));
      expect(await reopened.used(user)).toBe(1234);
    });
  });
}
