import type { Change, ChangeFeed, FeedListener, JournaledWrite, Space } from './ChangeFeed.ts';
import { DEFAULT_REPLAY_BYTES, encodeChange, replayBytes } from './ChangeFeed.ts';
import { formatCursor, newEpoch, parseCursor } from './cursor.ts';
import { Fifo } from './Fifo.ts';
import { createRetiredNumbering } from './retiredNumbering.ts';

export interface LocalChangeFeedOptions {
  /** Most recent writes kept for replay, over all spaces of the process. @default 10000 */
  replayEntries?: number;
  /** Bytes of value JSON kept for replay, over all spaces. @default 16 MiB */
  replayBytes?: number;
  /** Names this life of the process in its cursors. @default 12 random hex digits */
  epoch?: string;
  /**
   * Spaces whose numbering is remembered after their last kept write was dropped and their last
   * listener left; past it the longest-retired is forgotten (its clients get `reset` once). @default 100000
   */
  retiredSpaces?: number;
}

/** A feed inside one process; `publish` is called once a write is durable, in the order the store applied them. */
export interface LocalChangeFeed extends ChangeFeed {
  publish(write: JournaledWrite): void;
  /** Spaces let go whose numbering is remembered now: at most the `retiredSpaces` option. */
  readonly retiredSpaces: number;
}

interface Entry {
  seq: number;
  space: SpaceRecord;
  change: Change;
  bytes: number;
  encoded?: Buffer;
}

interface SpaceRecord {
  key: string;
  /** The epoch of this space's cursors: the process's, or a later one once spaces were forgotten (see `numbering`). */
  epoch: string;
  /** Sequence number of this space's newest write: positions count the writes of one space only. */
  seq: number;
  /** This space's retained writes, oldest first. */
  entries: Fifo<Entry>;
  /** Sequence number (of this space) of its newest write that was dropped: replay from before it is impossible. */
  droppedUpTo: number;
  listeners: Set<FeedListener>;
}

/**
 * The feed of the memory and sqlite stores: fan-out to the listeners of the
 * written space, and a bounded log of the newest writes of the whole process
 * (oldest dropped first) for replay. Positions count the writes of one space
 * (a cursor tells a user nothing of other users' writes); a restart draws a
 * new epoch, so older cursors get `reset`.
 */
export function createLocalChangeFeed(options: LocalChangeFeedOptions = {}): LocalChangeFeed {
  const { replayEntries = 10_000, replayBytes = 16 * 1024 * 1024, epoch = newEpoch(), retiredSpaces = 100_000 } = options;
  if (!(Number.isSafeInteger(retiredSpaces) && retiredSpaces >= 0)) throw new RangeError('retiredSpaces must be a non-negative integer');
  const spaces = new Map<string, SpaceRecord>();
  const log = new Fifo<Entry>();
  let logBytes = 0;
  const numbering = createRetiredNumbering(epoch, retiredSpaces);

  const record = (key: string): SpaceRecord => {
    let found = spaces.get(key);
    if (!found) {
      const { epoch: spaceEpoch, seq } = numbering.resume(key);
      found = { key, epoch: spaceEpoch, seq, entries: new Fifo(), droppedUpTo: seq, listeners: new Set() };
      spaces.set(key, found);
    }
    return found;
  };
  const release = (space: SpaceRecord) => {
    if (space.entries.length > 0 || space.listeners.size > 0) return;
    spaces.delete(space.key);
    if (space.seq > 0) numbering.retire(space.key, { epoch: space.epoch, seq: space.seq });
  };
  const dropOldest = () => {
    while (log.length > replayEntries || (logBytes > replayBytes && log.length > 0)) {
      const oldest = log.shift()!;
      logBytes -= oldest.bytes;
      oldest.space.entries.shift();
      oldest.space.droppedUpTo = oldest.seq;
      release(oldest.space);
    }
  };

  return {
    publish({ addr, json, from }) {
      const space = record(spaceKey(addr));
      const seq = ++space.seq;
      const change: Change = { cursor: formatCursor(space.epoch, String(seq)), moduleId: addr.moduleId, name: addr.name, json, from };
      const entry: Entry = { seq, space, change, bytes: json.length + addr.name.length + 64 };
      space.entries.push(entry);
      log.push(entry);
      logBytes += entry.bytes;
      if (space.listeners.size > 0) {
        entry.encoded = encodeChange(change);
        for (const listener of space.listeners) listener.change(change, entry.encoded);
      }
      dropOldest();
    },
    async subscribe(target, since, listener, maxReplayBytes = DEFAULT_REPLAY_BYTES) {
      const space = record(spaceKey(target));
      const replayed = since === undefined ? [] : replayAfter(space, since, maxReplayBytes);
      listener.start({ cursor: formatCursor(space.epoch, String(space.seq)), replayed: replayed ?? [], reset: replayed === undefined });
      space.listeners.add(listener);
      return () => {
        space.listeners.delete(listener);
        release(space);
      };
    },
    async notify(target, message) {
      const listeners = spaces.get(spaceKey(target))?.listeners;
      if (!listeners || listeners.size === 0) return;
      const encoded = Buffer.from(message, 'utf8');
      for (const listener of listeners) listener.notice?.(encoded);
    },
    get retiredSpaces() {
      return numbering.size;
    },
    onUnavailable() {
      // An in-process feed is available as long as the process runs.
    },
    async close() {
      for (const space of spaces.values()) space.listeners.clear();
    },
  };
}

/**
 * The space's writes after `since`, oldest first; `undefined` when some of
 * them are no longer kept, or when they come to more than `maxBytes` (the walk
 * stops there: an old cursor costs no more than a current one plus the budget).
 */
function replayAfter(space: SpaceRecord, since: string, maxBytes: number): Change[] | undefined {
  const cursor = parseCursor(since);
  if (!cursor || cursor.epoch !== space.epoch || !/^\d{1,15}$/.test(cursor.position)) return undefined;
  const position = Number(cursor.position);
  if (position < space.droppedUpTo || position > space.seq) return undefined;
  const replayed: Change[] = [];
  let bytes = 0;
  const whole = space.entries.walk(
    (entry) => entry.seq > position,
    (entry) => {
      bytes += replayBytes(entry.change);
      return bytes <= maxBytes && replayed.push(entry.change) > 0;
    },
  );
  return whole ? replayed : undefined;
}

function spaceKey({ userId, kind }: Space): string {
  return `${kind}:${userId}`;
}
