import { describe, expect, it } from 'vitest';
import { formatSize } from './formatSize.ts';

describe('formatSize', () => {
  it('writes bytes, KB and MB (binary) with one decimal, rounded down', () => {
    expect(formatSize(0)).toBe('0 bytes');
    expect(formatSize(1)).toBe('1 byte');
    expect(formatSize(1023)).toBe('1023 bytes');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(12.34 * 1024 * 1024)).toBe('12.3 MB');
    expect(formatSize(250 * 1024 * 1024)).toBe('250 MB');
    expect(formatSize(250 * 1024 * 1024 - 1)).toBe('249.9 MB');
  });
});
