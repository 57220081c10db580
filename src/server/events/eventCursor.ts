import { randomBytes } from 'node:crypto';

/**
 * Event cursors are `<epoch>:<position>`, opaque to clients. The epoch names one
 * life of the event log (a process for memory, a database file for sqlite, a
 * Redis data set for redis), so a cursor from a wiped or replaced log is
 * recognised (answered with `gap` / `eventsReset`) instead of compared with
 * positions it has nothing to do with. Positions are `<n>` (memory, sqlite) or
 * a stream id `<ms>-<n>` (redis).
 */
export interface EventCursor {
  epoch: string;
  position: string;
}

/** A fresh epoch: 12 random hex digits. */
export function newEventEpoch(): string {
  return randomBytes(6).toString('hex');
}

export function formatEventCursor(epoch: string, position: string | number): string {
  return `${epoch}:${position}`;
}

/** The parts of a cursor this server could have handed out; undefined for anything else. */
export function parseEventCursor(cursor: string): EventCursor | undefined {
  const colon = cursor.indexOf(':');
  if (colon <= 0 || cursor.length > 80) return undefined;
  const position = cursor.slice(colon + 1);
  if (!/^\d{1,20}(-\d{1,20})?$/.test(position)) return undefined;
  return { epoch: cursor.slice(0, colon), position };
}

/** Orders two positions of one log (`5` < `12`, `17-3` < `18-0`); BigInt because stream ids pass 2^53. */
export function comparePositions(a: string, b: string): number {
  const [aHigh, aLow = '0'] = a.split('-');
  const [bHigh, bLow = '0'] = b.split('-');
  const high = compareDigits(aHigh!, bHigh!);
  return high !== 0 ? high : compareDigits(aLow, bLow);
}

function compareDigits(a: string, b: string): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The position of a cursor of `epoch`, or undefined when it is not one (another log's, or malformed). */
export function positionIn(epoch: string, cursor: string | undefined): string | undefined {
  if (cursor === undefined) return undefined;
  const parsed = parseEventCursor(cursor);
  return parsed?.epoch === epoch ? parsed.position : undefined;
}
