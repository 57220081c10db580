import { describe, expect, it } from 'vitest';
import { BOX_LIMITS } from '../../api/index.ts';
import { fitBox, fitPosition, sizeForHeight, sizeForWidth } from './fitBox.ts';

const wide = 1920 / 1080;

describe('fitBox', () => {
  it('rounds and clamps positions to BOX_LIMITS', () => {
    expect(fitPosition(12.6)).toBe(13);
    expect(fitPosition(-99_999)).toBe(BOX_LIMITS.minPosition);
    expect(fitPosition(99_999)).toBe(BOX_LIMITS.maxPosition);
  });

  it('derives the height from the width with the design aspect', () => {
    expect(sizeForWidth(960, wide)).toEqual({ width: 960, height: 540 });
    expect(sizeForWidth(401.4, 4)).toEqual({ width: 401, height: 100 });
  });

  it('derives the width from the height', () => {
    expect(sizeForHeight(270, wide)).toEqual({ width: 480, height: 270 });
    expect(sizeForHeight(50, 0.5)).toEqual({ width: 25, height: 50 });
  });

  it('keeps both sides within the size limits, the aspect kept', () => {
    expect(sizeForWidth(1, wide)).toEqual({ width: 29, height: 16 });
    expect(sizeForWidth(1, 0.5)).toEqual({ width: 16, height: 32 });
    expect(sizeForWidth(99_999, wide)).toEqual({ width: 7680, height: 4320 });
    expect(sizeForWidth(99_999, 0.5)).toEqual({ width: 3840, height: 7680 });
  });

  it('makes a whole box storable', () => {
    expect(fitBox({ x: -8000.2, y: 10.4, width: 600.6, height: 1 }, 3)).toEqual({ x: BOX_LIMITS.minPosition, y: 10, width: 601, height: 200 });
  });
});
