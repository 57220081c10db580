import { describe, expect, it } from 'vitest';
import type { Boxes, Kind } from '../../api/index.ts';
import { ApiError } from '../../client/index.ts';
import type { LayoutCalls, LayoutWrite, StoredLayout } from '../../client/index.ts';
import { KindLayout } from './KindLayout.ts';

/** A layout store with the server's ETag rule; `fail` makes the next writes fail, `hold` keeps them waiting. */
function fakeServer(boxes: Boxes = {}) {
  const state = { boxes, version: 1, fail: 0, writes: [] as Boxes[], held: [] as (() => void)[], hold: false };
  const stored = (kind: Kind): StoredLayout => ({ layout: { kind, width: 1920, height: 1080, boxes: state.boxes }, etag: `"${state.version}"` });
  const client: LayoutCalls = {
    get: async (kind) => stored(kind),
    async put(kind, next, etag): Promise<LayoutWrite> {
      if (state.hold) await new Promise<void>((resolve) => state.held.push(resolve));
      if (state.fail > 0) {
        state.fail -= 1;
        throw new ApiError('UNAVAILABLE', 'The API cannot be reached');
      }
      if (etag !== `"${state.version}"`) return { ok: false, conflict: true };
      state.writes.push(next);
      state.boxes = next;
      state.version += 1;
      return { ok: true, ...stored(kind) };
    },
  };
  return { state, client };
}

const box = (x: number) => ({ x, y: 0, width: 100, height: 100 });
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Two tabs editing the tool layout of one server. */
function twoTabs(boxes: Boxes) {
  const { state, client } = fakeServer(boxes);
  return { state, mine: new KindLayout('tool', client), theirs: new KindLayout('tool', client) };
}

describe('KindLayout', () => {
  it('loads the stored boxes and stores each change', async () => {
    const { state, client } = fakeServer({ a: box(1) });
    const layout = new KindLayout('tool', client);
    await layout.load();
    expect(layout.boxes.value).toEqual({ a: box(1) });
    layout.change({ a: box(2) });
    expect(layout.boxes.value).toEqual({ a: box(2) });
    await settled();
    expect(state.boxes).toEqual({ a: box(2) });
    expect(layout.status.value).toEqual({ tone: 'good', text: 'Saved.' });
    expect(layout.unsaved.value).toBe(false);
  });

  it('writes one at a time, the changes made meanwhile together', async () => {
    const { state, client } = fakeServer();
    const layout = new KindLayout('tool', client);
    await layout.load();
    state.hold = true;
    layout.change({ a: box(1) });
    layout.change({ a: box(2) });
    layout.change({ a: box(3) });
    state.hold = false;
    state.held.shift()!();
    await settled();
    await settled();
    expect(state.writes).toEqual([{ a: box(1) }, { a: box(3) }]);
    expect(layout.unsaved.value).toBe(false);
  });

  it('shows the layout of the other tab on a conflict and says so, never overwriting it', async () => {
    const { state, mine, theirs } = twoTabs({ a: box(1) });
    await mine.load();
    await theirs.load();
    theirs.change({ a: box(50) });
    await settled();
    mine.change({ a: box(9) });
    await settled();
    expect(state.boxes).toEqual({ a: box(50) });
    expect(mine.boxes.value).toEqual({ a: box(50) });
    expect(mine.status.value?.tone).toBe('warn');
    expect(mine.status.value?.text).toMatch(/changed in another tab/);
    expect(mine.history.size.value).toBe(0);
    // The next change goes on top of the other tab's.
    mine.change({ a: box(60) });
    await settled();
    expect(state.boxes).toEqual({ a: box(60) });
  });

  it('keeps a change that failed to save, and stores it on retry', async () => {
    const { state, client } = fakeServer();
    const layout = new KindLayout('tool', client);
    await layout.load();
    state.fail = 1;
    layout.change({ a: box(7) });
    await settled();
    expect(layout.status.value?.tone).toBe('bad');
    expect(layout.status.value?.text).toMatch(/^Not saved: The API cannot be reached/);
    expect(layout.unsaved.value).toBe(true);
    expect(layout.boxes.value).toEqual({ a: box(7) });
    layout.save();
    await settled();
    expect(state.boxes).toEqual({ a: box(7) });
    expect(layout.unsaved.value).toBe(false);
  });

  it('reads the layout again on refresh, unless a change waits to be stored', async () => {
    const { state, mine, theirs } = twoTabs({ a: box(1) });
    await mine.load();
    mine.change({ a: box(2) });
    await settled();
    await theirs.load();
    theirs.change({ a: box(3) });
    await settled();
    await mine.refresh();
    expect(mine.boxes.value).toEqual({ a: box(3) });
    expect(mine.history.size.value).toBe(0);
    state.fail = 1;
    mine.change({ a: box(4) });
    await settled();
    await mine.refresh();
    expect(mine.boxes.value).toEqual({ a: box(4) });
    expect(mine.unsaved.value).toBe(true);
  });

  it('undoes the last change and stores the state before it', async () => {
    const { state, client } = fakeServer({ a: box(1) });
    const layout = new KindLayout('tool', client);
    await layout.load();
    layout.change({ a: box(2) });
    await settled();
    expect(layout.undo()).toBe(true);
    await settled();
    expect(state.boxes).toEqual({ a: box(1) });
    expect(layout.undo()).toBe(false);
  });

  it('says when the layout cannot be loaded, and changes nothing before it is', async () => {
    const client: LayoutCalls = {
      get: async () => {
        throw new ApiError('FORBIDDEN', 'a website token is needed');
      },
      put: async () => ({ ok: false, conflict: true }),
    };
    const layout = new KindLayout('event', client);
    await layout.load();
    expect(layout.phase.value).toBe('failed');
    expect(layout.status.value?.text).toBe('Could not load the event layout: a website token is needed');
    layout.change({ a: box(1) });
    expect(layout.boxes.value).toEqual({});
  });
});
