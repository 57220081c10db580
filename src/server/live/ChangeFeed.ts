import type { Kind } from '../../api/index.ts';
import type { DataAddress } from '../store/index.ts';

/** One data space: every value of one user and overlay kind. Live connections listen to one. */
export interface Space {
  userId: string;
  kind: Kind;
}

/** One accepted write, as live listeners hear it. */
export interface Change {
  cursor: string;
  moduleId: string;
  name: string;
  /** The value's JSON text, exactly as stored. */
  json: string;
  /** The `id` of the PATCH body: the module that wrote. */
  from: string;
}

/** What a subscriber hears, in this order: its start, then every change of its space as the store applied it. */
export interface FeedListener {
  /**
   * Called once, first. `replayed` holds the changes after `since` (empty without
   * `since`); `reset` is true when they could not all be given (cursor too old,
   * unknown, or from before a restart).
   */
  start(start: { cursor: string; replayed: Change[]; reset: boolean }): void;
  /** Each new change, after `start`. */
  change(change: Change, encoded: Buffer): void;
  /** An overlay token of this space was revoked (its `tokenDigest`): told by the redis feed, for every instance. */
  revoked?(digest: string): void;
  /** A notice for the space's sockets (`{type:'profile'}`, `{type:'layout'}`), its wire text: never replayed, no cursor. */
  notice?(encoded: Buffer): void;
}

/** Ends one subscription. */
export type Unsubscribe = () => void;

/**
 * Where live connections hear of writes: in this process for memory and
 * sqlite, through Redis across instances for the redis store.
 */
export interface ChangeFeed {
  /**
   * Subscribes to one space; rejects with StoreUnavailableError when the store cannot serve.
   * A replay that would exceed `maxReplayBytes` (as `replayBytes` counts them) is
   * answered with `reset`, decided before more than that is read.
   */
  subscribe(space: Space, since: string | undefined, listener: FeedListener, maxReplayBytes?: number): Promise<Unsubscribe>;
  /**
   * Sends `message` (a live message's JSON text) to the space's started
   * listeners, on every instance with Redis; nothing is kept for replay.
   */
  notify(space: Space, message: string): Promise<void>;
  /** Called when the feed stops being able to deliver (Redis gone): live connections must close with 1013. */
  onUnavailable(handler: () => void): void;
  /** Stops the feed (not the store). */
  close(): Promise<void>;
}

/** A write the store is about to make, with what live listeners need to hear of it. */
export interface JournaledWrite {
  addr: DataAddress;
  json: string;
  from: string;
}

/** The most a replay may send when the subscriber names no budget: the live endpoint's default of `maxBufferedBytes`. */
export const DEFAULT_REPLAY_BYTES = 1024 * 1024;

/** Bytes a change adds to a replay, about the size of its `change` message (the stores count the same way, so the budget means the same everywhere). */
export function replayBytes(change: Change): number {
  return change.cursor.length + change.moduleId.length + change.name.length + change.json.length + change.from.length + REPLAY_OVERHEAD;
}

/** The fixed text of a `change` message around its five fields. */
export const REPLAY_OVERHEAD = 72;

/** The wire text of a `change` message, built once around the stored JSON and sent to every listener. */
export function encodeChange(change: Change): Buffer {
  const { cursor, moduleId, name, json, from } = change;
  const text = `{"type":"change","cursor":${JSON.stringify(cursor)},"moduleId":${JSON.stringify(moduleId)},"name":${JSON.stringify(name)},"value":${json},"from":${JSON.stringify(from)}}`;
  return Buffer.from(text, 'utf8');
}
