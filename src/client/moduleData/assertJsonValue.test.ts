import { describe, expect, it } from 'vitest';
import { LIMITS, OverlayError } from '../../api/index.ts';
import { assertJsonValue } from './assertJsonValue.ts';

function codeOf(value: unknown): string | null {
  try {
    assertJsonValue(value);
    return null;
  } catch (error) {
    return error instanceof OverlayError ? error.code : 'THREW';
  }
}

describe('assertJsonValue', () => {
  it('accepts JSON values, null included, and shared (acyclic) references', () => {
    const shared = { a: 1 };
    for (const value of [null, 0, -1.5, '', 'x', true, [], {}, [1, [2, { b: null }]], { x: shared, y: shared }]) {
      expect(codeOf(value)).toBeNull();
    }
    expect(codeOf(Object.create(null))).toBeNull();
  });

  it('refuses what JSON cannot carry exactly', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const refused = [undefined, Number.NaN, Infinity, () => 1, Symbol('s'), 10n, new Date(), new Map(), new Set(),
      { a: undefined }, Object.assign(new Array(3), { 0: 1, 2: 3 }), [1, undefined], cyclic, [cyclic], { [Symbol('k')]: 1 }, new (class Point {})()];
    for (const value of refused) expect(codeOf(value)).toBe('BAD_REQUEST');
  });

  it('refuses nesting deeper than its limit', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 300; i++) deep = [deep];
    expect(codeOf(deep)).toBe('BAD_REQUEST');
  });

  it('measures the UTF-8 bytes of the JSON text against the limit', () => {
    const fits = 'x'.repeat(LIMITS.valueBytes - 2);
    expect(codeOf(fits)).toBeNull();
    expect(codeOf(`${fits}x`)).toBe('TOO_LARGE');
    expect(codeOf('é'.repeat(LIMITS.valueBytes / 2))).toBe('TOO_LARGE');
  });
});
