import type { Change, ChangeFeed, FeedListener, JournaledWrite, Space } from './ChangeFeed.ts';
import { encodeChange } from './ChangeFeed.ts';
import { formatCursor, newEpoch, parseCursor } from './cursor.ts';
import { Fifo } from './Fifo.ts';

export interface LocalChangeFeedOptions {
  /** Most recent writes kept for replay, over all spaces of the process. @default 10000 */
  replayEntries?: number;
  /** Bytes of value JSON kept for replay, over all spaces. @default 16 MiB */
  replayBytes?: number;
  /** Names this life of the process in its cursors. @default 12 random hex digits */
  epoch?: string;
}

/** A feed inside one process; `publish` is called once a write is durable, in the order the store applied them. */
export interface LocalChangeFeed extends ChangeFeed {
  publish(write: JournaledWrite): void;
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
  /** This space's retained writes, oldest first. */
  entries: Fifo<Entry>;
  /** Sequence number of the newest write of this space that was dropped: replay from before it is impossible. */
  droppedUpTo: number;
  listeners: Set<FeedListener>;
}

/**
 * The feed of the memory and sqlite stores: fan-out to the listeners of the
 * written space, and a bounded log of the newest writes of the whole process
 * (oldest dropped first) for replay. Positions are one sequence number per
 * process; a restart draws a new epoch, so older cursors get `reset`.
 */
export function createLocalChangeFeed(options: LocalChangeFeedOptions = {}): LocalChangeFeed {
  const { replayEntries = 10_000, replayBytes = 16 * 1024 * 1024, epoch = newEpoch() } = options;
  const spaces = new Map<string, SpaceRecord>();
  const log = new Fifo<Entry>();
  let logBytes = 0;
  let seq = 0;
  // Newest sequence number dropped along with a space record: a space seen for the first time cannot replay from before it.
  let forgottenUpTo = 0;

  const record = (key: string): SpaceRecord => {
    let found = spaces.get(key);
    if (!found) {
      found = { key, entries: new Fifo(), droppedUpTo: forgottenUpTo, listeners: new Set() };
      spaces.set(key, found);
    }
    return found;
  };
  const release = (space: SpaceRecord) => {
    if (space.entries.length > 0 || space.listeners.size > 0) return;
    spaces.delete(space.key);
    forgottenUpTo = Math.max(forgottenUpTo, space.droppedUpTo);
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
      seq++;
      const space = record(spaceKey(addr));
      const change: Change = { cursor: formatCursor(epoch, String(seq)), moduleId: addr.moduleId, name: addr.name, json, from };
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
    async subscribe(target, since, listener) {
      const space = record(spaceKey(target));
      const replayed = since === undefined ? [] : replayAfter(space, since, epoch, seq);
      listener.start({ cursor: formatCursor(epoch, String(seq)), replayed: replayed ?? [], reset: replayed === undefined });
      space.listeners.add(listener);
      return () => {
        space.listeners.delete(listener);
        release(space);
      };
    },
    onUnavailable() {
      // An in-process feed is available as long as the process runs.
    },
    async close() {
      for (const space of spaces.values()) space.listeners.clear();
    },
  };
}

/** The space's writes after `since`, oldest first; `undefined` when some of them are no longer kept. */
function replayAfter(space: SpaceRecord, since: string, epoch: string, now: number): Change[] | undefined {
  const cursor = parseCursor(since);
  if (!cursor || cursor.epoch !== epoch || !/^\d{1,15}$/.test(cursor.position)) return undefined;
  const position = Number(cursor.position);
  if (position < space.droppedUpTo || position > now) return undefined;
  return space.entries.tail((entry) => entry.seq > position).map((entry) => entry.change);
}

function spaceKey({ userId, kind }: Space): string {
  return `${kind}:${userId}`;
}
