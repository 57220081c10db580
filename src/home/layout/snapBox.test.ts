import { describe, expect, it } from 'vitest';
import { snapMove, snapResize } from './snapBox.ts';

describe('snapMove', () => {
  it('pulls an edge near a canvas edge onto it', () => {
    expect(snapMove({ x: 5, y: 1075 - 100, width: 200, height: 100 }, 8)).toEqual({
      box: { x: 0, y: 980, width: 200, height: 100 },
      guides: [
        { axis: 'x', at: 0 },
        { axis: 'y', at: 1080 },
      ],
    });
  });

  it('pulls a centre near a centre line onto it', () => {
    const snapped = snapMove({ x: 856, y: 300, width: 200, height: 100 }, 8);
    expect(snapped.box.x).toBe(860);
    expect(snapped.guides).toEqual([{ axis: 'x', at: 960 }]);
  });

  it('takes the nearest line when two are in reach', () => {
    expect(snapMove({ x: 955, y: 300, width: 12, height: 100 }, 8).box.x).toBe(954);
  });

  it('leaves a box far from every line, or with snapping off', () => {
    const box = { x: 100, y: 100, width: 200, height: 100 };
    expect(snapMove(box, 8)).toEqual({ box, guides: [] });
    expect(snapMove({ ...box, x: 3 }, 0)).toEqual({ box: { ...box, x: 3 }, guides: [] });
  });
});

describe('snapResize', () => {
  it('pulls the right edge onto a line, the aspect kept', () => {
    expect(snapResize({ x: 1520, y: 0, width: 395, height: 197.5 }, 2, 8)).toEqual({ box: { x: 1520, y: 0, width: 400, height: 200 }, guides: [{ axis: 'x', at: 1920 }] });
  });

  it('pulls the bottom edge when it is the nearer one', () => {
    expect(snapResize({ x: 100, y: 340, width: 396, height: 198 }, 2, 8)).toEqual({ box: { x: 100, y: 340, width: 400, height: 200 }, guides: [{ axis: 'y', at: 540 }] });
  });

  it('leaves a box far from every line', () => {
    const box = { x: 100, y: 100, width: 300, height: 150 };
    expect(snapResize(box, 2, 8)).toEqual({ box, guides: [] });
  });
});
