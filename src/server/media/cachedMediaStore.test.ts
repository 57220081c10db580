import { describe, expect, it } from 'vitest';
import { withMediaCache } from './cachedMediaStore.ts';
import { patternBytes, sampleRecord } from './mediaStoreContract.ts';
import type { MediaStore } from './MediaStore.ts';
import { createMemoryMediaStore } from './memoryMediaStore.ts';

/** A memory store that counts the reads that reach it. */
function countingStore(): MediaStore & { reads: string[] } {
  const inner = createMemoryMediaStore();
  const reads: string[] = [];
  const read: MediaStore['read'] = (id, start, end) => {
    reads.push(`${id}:${start}-${end}`);
    return inner.read(id, start, end);
  };
  return { ...inner, reads, read };
}

describe('withMediaCache', () => {
  it('reads a small file once, then serves every range from memory', async () => {
    const inner = countingStore();
    const cached = withMediaCache(inner, { maxBytes: 1000, maxFileBytes: 500 });
    const record = sampleRecord('u', 400);
    await cached.add(record, patternBytes(400), 10_000);
    expect(await cached.read(record.id, 10, 19)).toEqual(patternBytes(400).subarray(10, 20));
    expect(await cached.read(record.id, 0, 399)).toEqual(patternBytes(400));
    expect(inner.reads).toEqual([`${record.id}:0-399`]);
  });

  it('reads files over its file limit from the store each time', async () => {
    const inner = countingStore();
    const cached = withMediaCache(inner, { maxBytes: 1000, maxFileBytes: 500 });
    const record = sampleRecord('u', 600);
    await cached.add(record, patternBytes(600), 10_000);
    await cached.read(record.id, 0, 9);
    await cached.read(record.id, 0, 9);
    expect(inner.reads).toHaveLength(2);
  });

  it('drops the least recently used file past its budget, and a removed file at once', async () => {
    const inner = countingStore();
    const cached = withMediaCache(inner, { maxBytes: 1000, maxFileBytes: 500 });
    const [a, b, c] = [sampleRecord('u', 400), sampleRecord('u', 400), sampleRecord('u', 400)];
    for (const record of [a, b, c]) await cached.add(record, patternBytes(400), 10_000);
    await cached.read(a.id, 0, 0);
    await cached.read(b.id, 0, 0);
    await cached.read(a.id, 0, 0); // a is now the most recent
    await cached.read(c.id, 0, 0); // over budget: b goes
    await cached.read(a.id, 0, 0);
    await cached.read(b.id, 0, 0);
    expect(inner.reads.filter((read) => read.startsWith(b.id))).toHaveLength(2);
    expect(inner.reads.filter((read) => read.startsWith(a.id))).toHaveLength(1);
    await cached.remove('u', a.id);
    expect(await cached.read(a.id, 0, 0)).toBeUndefined();
  });
});
