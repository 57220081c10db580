import { describe, expect, it } from 'vitest';
import { restartDelay } from './restartDelay.ts';

describe('restartDelay', () => {
  it('doubles from the base up to the cap, with jitter between half and full', () => {
    expect([1, 2, 3, 4, 10].map((n) => restartDelay(n, 1000, 5000, () => 1))).toEqual([1000, 2000, 4000, 5000, 5000]);
    expect(restartDelay(2, 1000, 5000, () => 0)).toBe(1000);
  });
});
