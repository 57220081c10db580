import { describe, expect, it } from 'vitest';
import { openLocalStore } from '../storage/index.ts';
import { eventCursorMemory } from './eventCursorMemory.ts';

describe('eventCursorMemory', () => {
  it('keeps one position per overlay (user, kind), and the dock its own', async () => {
    const store = openLocalStore({ useStore: null });
    const overlay = eventCursorMemory(store, 'u1', 'event');
    const dock = eventCursorMemory(store, 'u1', 'event', 'dock');
    expect(await overlay.load()).toBeUndefined();
    await overlay.save('5');
    await dock.save('9');
    expect(await overlay.load()).toBe('5');
    expect(await eventCursorMemory(store, 'u1', 'event').load()).toBe('5');
    expect(await dock.load()).toBe('9');
    expect(await eventCursorMemory(store, 'u1', 'tool').load()).toBeUndefined();
  });
});
