import { describe, expect, it } from 'vitest';
import { relativeTime } from './relativeTime.ts';

describe('relativeTime', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');
  it('says how long ago or how soon, in words', () => {
    expect(relativeTime(now - 20_000, now)).toBe('just now');
    expect(relativeTime(now - 5 * 60_000, now)).toBe('5 minutes ago');
    expect(relativeTime(now - 3 * 3_600_000 - 1, now)).toBe('3 hours ago');
    expect(relativeTime(now - 86_400_000, now)).toBe('yesterday');
    expect(relativeTime(now + 30 * 86_400_000, now)).toBe('in 30 days');
    // A session made a moment ago expires in 30 days, not 29.
    expect(relativeTime(now + 30 * 86_400_000 - 5_000, now)).toBe('in 30 days');
  });
});
