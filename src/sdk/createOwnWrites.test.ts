import { describe, expect, it } from 'vitest';
import { createOwnWrites } from './createOwnWrites.ts';
import type { ChangeEvent } from './overlay.d.ts';

function settleable() {
  let resolve!: () => void;
  let reject!: () => void;
  const result = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { result, resolve, reject };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const older: ChangeEvent = { key: 'score', value: 0, from: 'other.browser' };

describe('createOwnWrites', () => {
  it('tells a change at once when no write of its key is unseen by the host', () => {
    const told: ChangeEvent[] = [];
    const own = createOwnWrites((change) => told.push(change));
    own.track('score', 5, new Promise(() => {}));
    expect(own.screen(older, 5)).toBe(true);
    expect(own.screen({ key: 'other', value: 1, from: 'x' }, 0)).toBe(true);
  });

  it('holds a change sent before its own write reached the host, and tells it if that write fails', async () => {
    const told: ChangeEvent[] = [];
    const own = createOwnWrites((change) => told.push(change));
    const write = settleable();
    own.track('score', 5, write.result);
    expect(own.screen(older, 4)).toBe(false);
    write.reject();
    await flush();
    expect(told).toEqual([older]);
  });

  it('drops a held change when a later write of its key failed but an earlier one after the change went through', async () => {
    const told: ChangeEvent[] = [];
    const own = createOwnWrites((change) => told.push(change));
    const first = settleable();
    const second = settleable();
    own.track('score', 5, first.result);
    own.track('score', 6, second.result);
    expect(own.screen(older, 4)).toBe(false);
    first.resolve();
    await flush();
    second.reject();
    await flush();
    // The server holds write 5, made after the change: telling the change would show an older value.
    expect(told).toEqual([]);
  });
});
