import { describe, expect, it } from 'vitest';
import { createReadYourWrites } from './createReadYourWrites.ts';
import type { QueueEntry } from './QueueEntry.ts';

const entry = (seq: number, value: QueueEntry['value']): QueueEntry => ({
  moduleId: 'm.a',
  name: 'n',
  id: 'm.a',
  key: 'n',
  value,
  seq,
  order: seq,
  enqueuedAt: 0,
});
const target = { moduleId: 'm.a', name: 'n' };

describe('read-your-writes memory', () => {
  it('answers with the remembered write only while the queue still holds that very write', () => {
    const memory = createReadYourWrites();
    memory.remember(entry(3, { n: 1 }));
    expect(memory.pendingValue(target, 3)).toEqual({ value: { n: 1 } });
    expect(memory.pendingValue(target, 4)).toBeUndefined();
    expect(memory.pendingValue(target, undefined)).toBeUndefined();
    expect(memory.pendingValue({ moduleId: 'm.a', name: 'other' }, 3)).toBeUndefined();
  });

  it('hands out a copy, so a later change of the returned object changes nothing', () => {
    const memory = createReadYourWrites();
    memory.remember(entry(1, { list: [1] }));
    const first = memory.pendingValue(target, 1)?.value as { list: number[] };
    first.list.push(2);
    expect(memory.pendingValue(target, 1)).toEqual({ value: { list: [1] } });
  });

  it('forgets a write that left the queue, but not a newer one of the same key', () => {
    const memory = createReadYourWrites();
    memory.remember(entry(1, 'a'));
    memory.remember(entry(2, 'b'));
    memory.forget({ ...target, seq: 1 });
    expect(memory.pendingValue(target, 2)).toEqual({ value: 'b' });
    memory.forget({ ...target, seq: 2 });
    expect(memory.pendingValue(target, 2)).toBeUndefined();
    memory.remember(entry(5, 'c'));
    memory.drop(target);
    expect(memory.pendingValue(target, 5)).toBeUndefined();
  });
});
