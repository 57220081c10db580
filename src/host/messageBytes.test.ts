import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_NODES, messageBytes } from './messageBytes.ts';

describe('messageBytes', () => {
  it('counts string lengths, binary sizes and 8 per other value', () => {
    expect(messageBytes('abcd')).toBe(4);
    expect(messageBytes({ k: 'req', id: 1 })).toBe(8 + 1 + 3 + 2 + 8);
    expect(messageBytes([new Uint8Array(100), new ArrayBuffer(50), null])).toBe(8 + 100 + 50 + 8);
    expect(messageBytes(new Map([['a', 'bb']]))).toBe(8 + 8 + 1 + 2);
  });

  it('answers more than the cap for a message that refers to itself or holds too many values, without walking it all', () => {
    const cyclic: Record<string, unknown> = { name: 'x' };
    cyclic.self = cyclic;
    expect(messageBytes(cyclic, 1_000_000)).toBeGreaterThan(1_000_000);
    expect(messageBytes(new Array(MAX_MESSAGE_NODES + 1).fill(0), 1_000_000)).toBeGreaterThan(1_000_000);
    expect(messageBytes('x'.repeat(2000), 1000)).toBe(2000);
  });
});
