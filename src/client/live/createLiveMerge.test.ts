import { describe, expect, it } from 'vitest';
import type { LiveChange } from './createLiveConnection.ts';
import { createLiveMerge } from './createLiveMerge.ts';

const key = { moduleId: 'demo.tool.counter', name: 'count' };
const change = (value: number, from = 'outside'): LiveChange => ({ ...key, value, from });
const own = (value: number) => ({ ...key, value, from: 'demo.tool.counter' });

function setup() {
  const pending = new Set<string>();
  let now = 0;
  const merge = createLiveMerge({ isPending: (target) => pending.has(target.name), now: () => now });
  return { merge, pending, advance: (ms: number) => (now += ms) };
}

describe('live merge rules', () => {
  it('applies a change at once when the key has no local write', () => {
    const { merge } = setup();
    expect(merge.receive(change(1))).toEqual([change(1)]);
    expect(merge.receive(change(2))).toEqual([change(2)]);
  });

  it('keeps the local value while the write is pending, and drops what the server ordered before it', () => {
    const { merge, pending } = setup();
    pending.add('count');
    expect(merge.receive(change(5))).toEqual([]);
    expect(merge.receive(own(3))).toEqual([]);
    pending.delete('count');
    expect(merge.accepted(own(3))).toEqual([]);
    // After the echo, the server's order decides again.
    expect(merge.receive(change(6))).toEqual([change(6)]);
  });

  it('applies what the server ordered after the own write, when it came before the answer', () => {
    const { merge, pending } = setup();
    pending.add('count');
    merge.receive(change(5));
    merge.receive(own(3));
    merge.receive(change(7));
    merge.receive(change(8, 'other.mod'));
    pending.delete('count');
    expect(merge.accepted(own(3))).toEqual([change(7), change(8, 'other.mod')]);
  });

  it('waits for an echo that comes after the answer, dropping older changes meanwhile', () => {
    const { merge } = setup();
    expect(merge.accepted(own(3))).toEqual([]);
    expect(merge.receive(change(5))).toEqual([]);
    expect(merge.receive(own(3))).toEqual([]);
    expect(merge.receive(change(9))).toEqual([change(9)]);
  });

  it('matches several accepted writes of one key in order', () => {
    const { merge, pending } = setup();
    pending.add('count');
    merge.accepted(own(1));
    merge.receive(own(1));
    merge.receive(change(4));
    expect(merge.accepted(own(2))).toEqual([]);
    pending.delete('count');
    expect(merge.receive(own(2))).toEqual([]);
    expect(merge.receive(change(4))).toEqual([change(4)]);
  });

  it('drops a resend of the own write that follows its echo (the first answer was lost)', () => {
    const { merge, pending } = setup();
    pending.add('count');
    merge.receive(own(3));
    merge.receive(own(3));
    merge.receive(change(4));
    pending.delete('count');
    expect(merge.accepted(own(3))).toEqual([change(4)]);
  });

  it('releases held changes when the local write is refused for good', () => {
    const { merge, pending } = setup();
    pending.add('count');
    merge.receive(change(5));
    pending.delete('count');
    expect(merge.settled(key)).toEqual([change(5)]);
  });

  it('gives up on an overdue echo so the key can be re-read, and on clear', () => {
    const { merge, advance } = setup();
    merge.accepted(own(3));
    advance(5000);
    expect(merge.overdue(10_000)).toEqual([]);
    advance(5000);
    expect(merge.overdue(10_000)).toEqual([key]);
    expect(merge.receive(change(4))).toEqual([change(4)]);
    merge.accepted(own(5));
    merge.clear();
    expect(merge.receive(change(6))).toEqual([change(6)]);
  });

  it('keeps keys apart', () => {
    const { merge, pending } = setup();
    pending.add('count');
    const elsewhere = { moduleId: 'demo.tool.counter', name: 'label', value: 'x', from: 'outside' };
    expect(merge.receive(elsewhere)).toEqual([elsewhere]);
  });
});
