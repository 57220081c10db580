import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { sniffMedia } from '../../server/index.ts';
import { makeNoisePng } from './makeNoisePng.ts';

/** The chunks of a PNG: type and data, after the 8-byte signature. */
function chunks(png: Buffer): { type: string; data: Buffer }[] {
  const found = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    found.push({ type: png.toString('latin1', at + 4, at + 8), data: png.subarray(at + 8, at + 8 + length) });
    at += 12 + length;
  }
  return found;
}

describe('makeNoisePng', () => {
  it('makes a PNG of the size asked, whose pixels do not compress, that the media library takes as a picture', () => {
    let seed = 1;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const png = makeNoisePng(40, 30, random);
    expect(sniffMedia(png)).toEqual({ kind: 'image', type: 'image/png' });
    const [header, data, end] = chunks(png);
    expect(header?.type).toBe('IHDR');
    expect([header?.data.readUInt32BE(0), header?.data.readUInt32BE(4)]).toEqual([40, 30]);
    expect(inflateSync(data!.data)).toHaveLength((40 * 3 + 1) * 30);
    expect(end?.type).toBe('IEND');
    expect(png.length).toBeGreaterThan(40 * 30 * 3);
  });
});
