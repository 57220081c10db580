import { describe, expect, it } from 'vitest';
import { Fifo } from './Fifo.ts';

describe('Fifo', () => {
  it('walks from the first matching item and stops as soon as the visitor says so', () => {
    const fifo = new Fifo<number>();
    for (let i = 1; i <= 10_000; i++) fifo.push(i);
    for (let i = 0; i < 3; i++) fifo.shift();
    const visited: number[] = [];
    const finished = fifo.walk(
      (item) => item > 100,
      (item) => {
        visited.push(item);
        return visited.length < 5;
      },
    );
    expect(visited).toEqual([101, 102, 103, 104, 105]);
    expect(finished).toBe(false);
    const all: number[] = [];
    expect(fifo.walk((item) => item > 9_997, (item) => all.push(item) > 0)).toBe(true);
    expect(all).toEqual([9_998, 9_999, 10_000]);
  });
});
