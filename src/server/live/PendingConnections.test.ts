import { describe, expect, it } from 'vitest';
import { PendingConnections } from './PendingConnections.ts';

describe('PendingConnections', () => {
  it('refuses past the cap of one address, then past the cap of all; a removed one frees its place', () => {
    const pending = new PendingConnections(3, 2);
    pending.add('a');
    pending.add('a');
    expect(pending.refusal('a')).toBe('address');
    expect(pending.refusal('b')).toBeUndefined();
    pending.add('b');
    expect(pending.refusal('c')).toBe('all');
    pending.remove('a');
    expect(pending.refusal('a')).toBeUndefined();
  });
});
