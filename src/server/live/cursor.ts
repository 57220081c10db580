import { randomBytes } from 'node:crypto';

/**
 * Cursors are `<epoch>:<position>`. The epoch names one life of the feed (a
 * process for memory and sqlite, a Redis data set for redis), so a cursor from
 * before a restart or a wipe is recognised and answered with `reset` instead of
 * being compared with positions it has nothing to do with.
 */
export interface ParsedCursor {
  epoch: string;
  position: string;
}

/** A fresh epoch: 12 random hex digits. */
export function newEpoch(): string {
  return randomBytes(6).toString('hex');
}

export function formatCursor(epoch: string, position: string): string {
  return `${epoch}:${position}`;
}

/** The parts of a cursor this server could have handed out; `undefined` for anything else (answered with `reset`). */
export function parseCursor(cursor: string): ParsedCursor | undefined {
  const colon = cursor.indexOf(':');
  if (colon <= 0 || cursor.length > 64) return undefined;
  return { epoch: cursor.slice(0, colon), position: cursor.slice(colon + 1) };
}
