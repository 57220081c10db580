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
