import { describe, expect, it } from 'vitest';
import { byteRange } from './byteRange.ts';

describe('byteRange', () => {
  it('reads one range, open-ended or a suffix, clamped to the file', () => {
    expect(byteRange('bytes=0-9', 100)).toEqual({ kind: 'part', start: 0, end: 9 });
    expect(byteRange('bytes=90-', 100)).toEqual({ kind: 'part', start: 90, end: 99 });
    expect(byteRange('bytes=90-500', 100)).toEqual({ kind: 'part', start: 90, end: 99 });
    expect(byteRange('bytes=-10', 100)).toEqual({ kind: 'part', start: 90, end: 99 });
    expect(byteRange('bytes=-500', 100)).toEqual({ kind: 'part', start: 0, end: 99 });
  });

  it('answers the whole file to no header and to ranges it does not take', () => {
    for (const header of [null, '', 'bytes=0-1,5-6', 'items=0-1', 'bytes=-', 'bytes=5-2', 'bytes=a-b']) expect(byteRange(header, 100)).toEqual({ kind: 'whole' });
  });

  it('cannot satisfy a range past the end or an empty suffix', () => {
    expect(byteRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(byteRange('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
  });
});
