import type { Box } from '../../api/index.ts';

/** Canvas pixels within which two boxes' top left corners count as one place (their names would cover each other). */
export const SAME_CORNER = 24;

/**
 * The row each box's name goes on, bottom box first: 0 at its top left corner,
 * one row lower for each box below it whose corner is at the same place, so
 * modules stacked in one spot (all at 0,0 by default) still show every name.
 */
export function labelRows(boxes: readonly Box[]): number[] {
  return boxes.map((box, index) => boxes.slice(0, index).filter((below) => Math.abs(below.x - box.x) <= SAME_CORNER && Math.abs(below.y - box.y) <= SAME_CORNER).length);
}
