import { describe, expect, it } from 'vitest';
import { batchWrites } from './batchWrites.ts';

describe('batchWrites', () => {
  it('hands the calls of one turn to one run, in order, at most maxBatch at a time', async () => {
    const runs: number[][] = [];
    const write = batchWrites(async (items: number[]) => runs.push(items), 3);
    await Promise.all([1, 2, 3, 4, 5].map(write));
    await write(6);
    expect(runs).toEqual([[1, 2, 3], [4, 5], [6]]);
  });

  it('rejects every call of a failed batch and only those', async () => {
    const write = batchWrites(async (items: string[]) => {
      if (items.includes('bad')) throw new Error('refused');
    }, 2);
    const results = await Promise.allSettled(['a', 'bad', 'c'].map(write));
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
  });
});
