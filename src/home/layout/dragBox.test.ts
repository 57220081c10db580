import { describe, expect, it } from 'vitest';
import { BOX_LIMITS } from '../../api/index.ts';
import { dragBox, REACHABLE } from './dragBox.ts';

const start = { x: 100, y: 100, width: 400, height: 200 };

describe('dragBox', () => {
  it('moves as far as the pointer went, in canvas pixels, rounded', () => {
    expect(dragBox({ mode: 'move', start, dx: 50.4, dy: -20.6, aspect: 2, snap: 0 })).toEqual({ box: { x: 150, y: 79, width: 400, height: 200 }, guides: [] });
  });

  it('snaps a move to the canvas lines unless snapping is off', () => {
    expect(dragBox({ mode: 'move', start, dx: -96, dy: 0, aspect: 2, snap: 8 }).box.x).toBe(0);
    expect(dragBox({ mode: 'move', start, dx: -96, dy: 0, aspect: 2, snap: 0 }).box.x).toBe(4);
  });

  it('leaves part of a moved box on the canvas', () => {
    expect(dragBox({ mode: 'move', start, dx: -5000, dy: 5000, aspect: 2, snap: 0 }).box).toEqual({ x: REACHABLE - 400, y: 1080 - REACHABLE, width: 400, height: 200 });
  });

  it('resizes from the corner with the aspect kept, following the pointer', () => {
    expect(dragBox({ mode: 'resize', start, dx: 100, dy: 50, aspect: 2, snap: 0 }).box).toEqual({ x: 100, y: 100, width: 500, height: 250 });
    // Pulled along one axis only, the corner goes to the nearest point with that aspect.
    expect(dragBox({ mode: 'resize', start, dx: 0, dy: 100, aspect: 2, snap: 0 }).box).toEqual({ x: 100, y: 100, width: 440, height: 220 });
  });

  it('never resizes below the smallest box', () => {
    expect(dragBox({ mode: 'resize', start, dx: -1000, dy: -1000, aspect: 2, snap: 0 }).box).toEqual({ x: 100, y: 100, width: 32, height: BOX_LIMITS.minSize });
  });

  it('snaps a resize to the canvas lines', () => {
    const snapped = dragBox({ mode: 'resize', start, dx: 1415, dy: 707, aspect: 2, snap: 8 });
    expect(snapped.box.width).toBe(1820);
    expect(snapped.guides).toEqual([{ axis: 'x', at: 1920 }]);
  });
});
