import { type Box, CANVAS_HEIGHT, CANVAS_WIDTH } from '../../api/index.ts';

/** A line a box snapped to: the canvas's edges and centre lines, in canvas pixels. */
export interface Guide {
  axis: 'x' | 'y';
  at: number;
}

const LINES = { x: [0, CANVAS_WIDTH / 2, CANVAS_WIDTH], y: [0, CANVAS_HEIGHT / 2, CANVAS_HEIGHT] } as const;

/** The nearest line to any of `edges` within `threshold`: how far to shift, and the line. */
function nearestLine(axis: 'x' | 'y', edges: number[], threshold: number): { shift: number; guide: Guide } | null {
  let best: { shift: number; guide: Guide } | null = null;
  for (const at of LINES[axis]) {
    for (const edge of edges) {
      const shift = at - edge;
      if (Math.abs(shift) <= threshold && (!best || Math.abs(shift) < Math.abs(best.shift))) best = { shift, guide: { axis, at } };
    }
  }
  return best;
}

/**
 * A moved box pulled onto the canvas's edges and centre lines: its left edge, centre or
 * right edge (top, middle or bottom) within `threshold` canvas pixels of a line lands on it.
 */
export function snapMove(box: Box, threshold: number): { box: Box; guides: Guide[] } {
  const x = nearestLine('x', [box.x, box.x + box.width / 2, box.x + box.width], threshold);
  const y = nearestLine('y', [box.y, box.y + box.height / 2, box.y + box.height], threshold);
  const guides = [x?.guide, y?.guide].filter((guide): guide is Guide => guide !== undefined);
  return { box: { ...box, x: box.x + (x?.shift ?? 0), y: box.y + (y?.shift ?? 0) }, guides };
}

/**
 * A box resized from its bottom right corner, pulled so that its right or bottom edge
 * (whichever is nearer) lands on a line within `threshold`; the aspect stays `aspect`.
 */
export function snapResize(box: Box, aspect: number, threshold: number): { box: Box; guides: Guide[] } {
  const x = nearestLine('x', [box.x + box.width], threshold);
  const y = nearestLine('y', [box.y + box.height], threshold);
  if (x && (!y || Math.abs(x.shift) <= Math.abs(y.shift))) {
    const width = box.width + x.shift;
    return { box: { ...box, width, height: width / aspect }, guides: [x.guide] };
  }
  if (y) {
    const height = box.height + y.shift;
    return { box: { ...box, width: height * aspect, height }, guides: [y.guide] };
  }
  return { box, guides: [] };
}
