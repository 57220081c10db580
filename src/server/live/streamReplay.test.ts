import { describe, expect, it } from 'vitest';
import { compareStreamIds, isStreamId } from './streamReplay.ts';

describe('stream ids', () => {
  it('orders stream ids by time, then sequence', () => {
    expect(compareStreamIds('5-1', '5-0')).toBeGreaterThan(0);
    expect(compareStreamIds('4-9', '5-0')).toBeLessThan(0);
    expect(compareStreamIds('10-0', '9-99')).toBeGreaterThan(0);
  });

  it('knows the ids this feed hands out', () => {
    expect(isStreamId('1700000000000-3')).toBe(true);
    for (const text of ['abc', '1-', '-1', '1-2-3', '1234567890123456-0']) expect(isStreamId(text)).toBe(false);
  });
});
