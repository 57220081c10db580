import { type Box, CANVAS_HEIGHT, CANVAS_WIDTH } from '../../api/index.ts';
import { fitBox } from './fitBox.ts';
import { type Guide, snapMove, snapResize } from './snapBox.ts';

/** Canvas pixels of a box a drag always leaves on the canvas, so the box can be grabbed again. */
export const REACHABLE = 32;

export interface Drag {
  /** `move` drags the box, `resize` its bottom right corner (the aspect kept). */
  mode: 'move' | 'resize';
  /** The box when the pointer went down. */
  start: Box;
  /** How far the pointer went since, in canvas pixels. */
  dx: number;
  dy: number;
  /** The module's design width / height. */
  aspect: number;
  /** How near a line a box snaps to it, in canvas pixels; 0 turns snapping off. */
  snap: number;
}

/** Where a drag puts the box (storable: integers within BOX_LIMITS), and the lines it snapped to. */
export function dragBox(drag: Drag): { box: Box; guides: Guide[] } {
  const { start, dx, dy, aspect, snap } = drag;
  if (drag.mode === 'move') {
    const moved = snapMove({ ...start, x: start.x + dx, y: start.y + dy }, snap);
    return { box: fitBox(keepReachable(moved.box), aspect), guides: moved.guides };
  }
  const resized = snapResize({ ...start, ...resizeToward(start.width + dx, start.height + dy, aspect) }, aspect, snap);
  return { box: fitBox(resized.box, aspect), guides: resized.guides };
}

/**
 * The size with the design aspect whose corner is nearest the pointer's: the
 * projection of the wanted size onto the line of sizes with that aspect.
 */
function resizeToward(wantedWidth: number, wantedHeight: number, aspect: number): { width: number; height: number } {
  const width = (wantedWidth + wantedHeight / aspect) / (1 + 1 / (aspect * aspect));
  return { width, height: width / aspect };
}

/** A moved box keeps REACHABLE pixels (or all of itself when smaller) on the canvas. */
function keepReachable(box: Box): Box {
  const keepX = Math.min(REACHABLE, box.width);
  const keepY = Math.min(REACHABLE, box.height);
  const x = Math.min(CANVAS_WIDTH - keepX, Math.max(keepX - box.width, box.x));
  const y = Math.min(CANVAS_HEIGHT - keepY, Math.max(keepY - box.height, box.y));
  return { ...box, x, y };
}
