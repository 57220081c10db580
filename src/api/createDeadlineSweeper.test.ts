import { describe, expect, it } from 'vitest';
import { ManualClock } from '../client/testing/ManualClock.ts';
import { createDeadlineSweeper } from './createDeadlineSweeper.ts';

describe('createDeadlineSweeper', () => {
  it('expires each call at its deadline with one timer at a time', () => {
    const clock = new ManualClock(0);
    const sweeper = createDeadlineSweeper<string>(clock);
    const expired: string[] = [];
    sweeper.add('a', 100, () => expired.push('a'));
    clock.advance(40);
    sweeper.add('b', 140, () => expired.push('b'));
    expect(clock.pending()).toBe(1);
    clock.advance(60);
    expect(expired).toEqual(['a']);
    expect(clock.delays()).toEqual([40]);
    clock.advance(40);
    expect(expired).toEqual(['a', 'b']);
    expect(clock.pending()).toBe(0);
  });

  it('never expires a removed call, and nothing after stop', () => {
    const clock = new ManualClock(0);
    const sweeper = createDeadlineSweeper<number>(clock);
    const expired: number[] = [];
    sweeper.add(1, 100, () => expired.push(1));
    sweeper.add(2, 100, () => expired.push(2));
    sweeper.remove(1);
    clock.advance(100);
    expect(expired).toEqual([2]);
    sweeper.add(3, 200, () => expired.push(3));
    sweeper.stop();
    clock.advance(500);
    expect(expired).toEqual([2]);
  });
});
