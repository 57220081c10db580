import { describe, expect, it } from 'vitest';
import { labelRows } from './labelRows.ts';

const at = (x: number, y: number) => ({ x, y, width: 400, height: 200 });

describe('labelRows', () => {
  it('puts each name at its corner when the corners are apart', () => {
    expect(labelRows([at(0, 0), at(500, 0), at(0, 500)])).toEqual([0, 0, 0]);
  });

  it('moves the names of boxes stacked in one place down a row each', () => {
    expect(labelRows([at(0, 0), at(0, 0), at(10, 5), at(900, 900)])).toEqual([0, 1, 2, 0]);
  });
});
