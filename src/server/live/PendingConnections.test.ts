import { describe, expect, it } from 'vitest';
import { PendingConnections } from './PendingConnections.ts';

describe('PendingConnections', () => {
  it('past the cap of one address, its oldest makes room; past the cap of all, a new address is refused', () => {
    const pending = new PendingConnections<string>(3, 2);
    expect(pending.add('a', 'a1')).toBeUndefined();
    expect(pending.add('a', 'a2')).toBeUndefined();
    expect(pending.admits('a')).toBe(true);
    expect(pending.add('a', 'a3')).toBe('a1');
    expect(pending.add('b', 'b1')).toBeUndefined();
    expect(pending.size).toBe(3);
    expect(pending.admits('c')).toBe(false);
    expect(pending.admits('b')).toBe(false);
    // An address at its own cap makes room among its own, even when all places are taken.
    expect(pending.admits('a')).toBe(true);
    expect(pending.add('a', 'a4')).toBe('a2');
    expect(pending.size).toBe(3);
  });

  it('a removed connection frees its place once; an unknown one changes nothing', () => {
    const pending = new PendingConnections<string>(2, 1);
    pending.add('a', 'a1');
    pending.add('b', 'b1');
    expect(pending.admits('c')).toBe(false);
    pending.remove('a', 'a1');
    pending.remove('a', 'a1');
    pending.remove('a', 'never');
    expect(pending.size).toBe(1);
    expect(pending.admits('c')).toBe(true);
    // A cap of one: the newest replaces the only one.
    expect(pending.add('b', 'b2')).toBe('b1');
    expect(pending.size).toBe(1);
  });
});
