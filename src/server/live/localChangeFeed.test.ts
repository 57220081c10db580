import { describe, expect, it } from 'vitest';
import type { Change, FeedListener } from './ChangeFeed.ts';
import { createLocalChangeFeed } from './localChangeFeed.ts';

const space = { userId: '1001', kind: 'tool' as const };
const write = (name: string, json = '1', userId = '1001') => ({ addr: { userId, kind: 'tool' as const, moduleId: 'a.b', name }, json, from: 'a.b' });

/** A listener that records what it hears. */
function recorder() {
  const heard: { start?: { cursor: string; replayed: Change[]; reset: boolean }; changes: Change[] } = { changes: [] };
  const listener: FeedListener = {
    start(start) {
      heard.start = start;
    },
    change(change) {
      heard.changes.push(change);
    },
  };
  return { heard, listener };
}

describe('createLocalChangeFeed', () => {
  it('starts at the newest position, then relays only its space, each change once, with the encoded message', async () => {
    const feed = createLocalChangeFeed({ epoch: 'e1' });
    feed.publish(write('before'));
    const { heard, listener } = recorder();
    const encoded: string[] = [];
    await feed.subscribe(space, undefined, {
      start: listener.start,
      change(change, bytes) {
        listener.change(change, bytes);
        encoded.push(bytes.toString());
      },
    });
    expect(heard.start).toEqual({ cursor: 'e1:1', replayed: [], reset: false });
    feed.publish(write('mine', '{"v":[1]}'));
    feed.publish(write('theirs', '2', '1002'));
    expect(heard.changes).toEqual([{ cursor: 'e1:2', moduleId: 'a.b', name: 'mine', json: '{"v":[1]}', from: 'a.b' }]);
    expect(JSON.parse(encoded[0]!)).toEqual({ type: 'change', cursor: 'e1:2', moduleId: 'a.b', name: 'mine', value: { v: [1] }, from: 'a.b' });
  });

  it('an unsubscribed listener hears nothing more', async () => {
    const feed = createLocalChangeFeed();
    const { heard, listener } = recorder();
    const unsubscribe = await feed.subscribe(space, undefined, listener);
    unsubscribe();
    feed.publish(write('after'));
    expect(heard.changes).toEqual([]);
  });

  it('drops the oldest writes of the process past the entry or byte bound; cursors before them reset', async () => {
    const feed = createLocalChangeFeed({ epoch: 'e', replayEntries: 3, replayBytes: 10_000 });
    for (const name of ['a', 'b', 'c', 'd']) feed.publish(write(name));
    const replay = async (since: string) => {
      const { heard, listener } = recorder();
      await feed.subscribe(space, since, listener);
      return heard.start!;
    };
    expect((await replay('e:0')).reset).toBe(true);
    expect((await replay('e:1')).replayed.map((change) => change.name)).toEqual(['b', 'c', 'd']);
    expect((await replay('e:3')).replayed.map((change) => change.name)).toEqual(['d']);
    expect(await replay('e:5')).toMatchObject({ reset: true });
    expect(await replay('other:4')).toMatchObject({ reset: true });
    // About 9.9 KB more: the byte bound drops c, the oldest.
    feed.publish(write('big', `"${'x'.repeat(9_800)}"`));
    expect(await replay('e:2')).toMatchObject({ reset: true });
    expect((await replay('e:3')).replayed.map((change) => change.name)).toEqual(['d', 'big']);
  });

  it('a space whose writes were all dropped still resets cursors from before them', async () => {
    const feed = createLocalChangeFeed({ epoch: 'e', replayEntries: 2 });
    feed.publish(write('old', '1', '2002'));
    feed.publish(write('x'));
    feed.publish(write('y'));
    const { heard, listener } = recorder();
    await feed.subscribe({ userId: '2002', kind: 'tool' }, 'e:0', listener);
    expect(heard.start).toMatchObject({ reset: true });
  });

  it('stops at the replay budget: an old cursor over big values costs a bounded walk and gets reset, not the values', async () => {
    const feed = createLocalChangeFeed({ epoch: 'e', replayEntries: 2_000, replayBytes: 128 * 1024 * 1024 });
    const big = `"${'x'.repeat(64 * 1024)}"`;
    for (let i = 0; i < 1_000; i++) feed.publish(write(`v${i}`, big));
    const { heard, listener } = recorder();
    await feed.subscribe(space, 'e:0', listener, 1024 * 1024);
    expect(heard.start).toEqual({ cursor: 'e:1000', replayed: [], reset: true });
    // Within the budget the same cursor still replays in full.
    const small = recorder();
    await feed.subscribe(space, 'e:990', small.listener, 1024 * 1024);
    expect(small.heard.start!.replayed.map((change) => change.name)).toEqual(['v990', 'v991', 'v992', 'v993', 'v994', 'v995', 'v996', 'v997', 'v998', 'v999']);
  });

  it('numbers each space on its own: one user\'s cursor does not count another user\'s writes', async () => {
    const feed = createLocalChangeFeed({ epoch: 'e' });
    for (let i = 0; i < 5; i++) feed.publish(write(`theirs${i}`, '1', '2002'));
    const { heard, listener } = recorder();
    await feed.subscribe(space, undefined, listener);
    expect(heard.start!.cursor).toBe('e:0');
    feed.publish(write('mine'));
    feed.publish(write('theirs-again', '1', '2002'));
    expect(heard.changes.map((change) => change.cursor)).toEqual(['e:1']);
    const resumed = recorder();
    await feed.subscribe(space, 'e:0', resumed.listener);
    expect(resumed.heard.start).toMatchObject({ cursor: 'e:1', reset: false });
    expect(resumed.heard.start!.replayed.map((change) => change.name)).toEqual(['mine']);
  });
});

describe('createLocalChangeFeed: spaces let go', () => {
  /** Writes once to each of `count` users' spaces; with one entry kept, each write lets the space before it go. */
  const writeSpaces = (feed: ReturnType<typeof createLocalChangeFeed>, count: number) => {
    for (let i = 1; i <= count; i++) feed.publish(write('n', '1', `u${i}`));
  };
  const startOf = async (feed: ReturnType<typeof createLocalChangeFeed>, userId: string, since: string) => {
    const { heard, listener } = recorder();
    await feed.subscribe({ userId, kind: 'tool' }, since, listener);
    return heard.start!;
  };

  it('remembers at most `retiredSpaces` of them: the longest-retired is forgotten and its old cursors get reset', async () => {
    const feed = createLocalChangeFeed({ epoch: 'e', replayEntries: 1, retiredSpaces: 2 });
    writeSpaces(feed, 5);
    // u1..u4 were let go; u3 and u4 are remembered: a client at their last write is caught up.
    expect(await startOf(feed, 'u4', 'e:1')).toEqual({ cursor: 'e:1', replayed: [], reset: false });
    expect(await startOf(feed, 'u3', 'e:1')).toEqual({ cursor: 'e:1', replayed: [], reset: false });
    // u1 was forgotten: its numbering is gone, so its cursor cannot be trusted.
    expect(await startOf(feed, 'u1', 'e:1')).toMatchObject({ reset: true });
  });

  it('never replays wrongly after forgetting: a forgotten space written again resets cursors from before, and its new cursors resume', async () => {
    const feed = createLocalChangeFeed({ epoch: 'e', replayEntries: 1, retiredSpaces: 1 });
    feed.publish(write('first', '1', 'u1'));
    feed.publish(write('second', '2', 'u1'));
    // A client of u1 saw the first write only ('e:1'); then u1 is let go and forgotten.
    for (const userId of ['x1', 'x2', 'x3']) feed.publish(write('n', '1', userId));
    feed.publish(write('third', '3', 'u1'));
    feed.publish(write('fourth', '4', 'u1'));
    // Counting from 0 again under 'e' would make 'e:1' mean "after third" and replay only the fourth: the second and third lost.
    const resumed = await startOf(feed, 'u1', 'e:1');
    expect(resumed.reset).toBe(true);
    const current = await startOf(feed, 'u1', resumed.cursor);
    expect(current).toEqual({ cursor: resumed.cursor, replayed: [], reset: false });
  });

  it('holds a bounded number of spaces however many were written', async () => {
    const feed = createLocalChangeFeed({ epoch: 'e', replayEntries: 1, retiredSpaces: 100 });
    writeSpaces(feed, 10_000);
    expect(feed.retiredSpaces).toBe(100);
  });
});
