import { describe, expect, it } from 'vitest';
import { ManualClock } from '../client/testing/ManualClock.ts';
import { throttleLatest } from './throttleLatest.ts';

describe('throttleLatest', () => {
  it('passes the first value at once, folds a burst into its newest value at the end of the window', () => {
    const clock = new ManualClock();
    const seen: number[] = [];
    const throttled = throttleLatest(clock, 50, (value: number) => seen.push(value));
    throttled.push(1);
    throttled.push(2);
    throttled.push(3);
    expect(seen).toEqual([1]);
    clock.advance(49);
    expect(seen).toEqual([1]);
    clock.advance(1);
    expect(seen).toEqual([1, 3]);
    // A new window opened with the 3: a value within it waits for its end.
    throttled.push(4);
    expect(seen).toEqual([1, 3]);
    clock.advance(50);
    expect(seen).toEqual([1, 3, 4]);
    // Quiet for a window: the next value goes at once again.
    clock.advance(50);
    throttled.push(5);
    expect(seen).toEqual([1, 3, 4, 5]);
  });

  it('cancel drops a waiting value and its timer', () => {
    const clock = new ManualClock();
    const seen: number[] = [];
    const throttled = throttleLatest(clock, 50, (value: number) => seen.push(value));
    throttled.push(1);
    throttled.push(2);
    throttled.cancel();
    expect(clock.pending()).toBe(0);
    clock.advance(100);
    expect(seen).toEqual([1]);
    throttled.push(3);
    expect(seen).toEqual([1, 3]);
  });
});
