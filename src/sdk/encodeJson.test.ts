import { describe, expect, it } from 'vitest';
import { jsonByteLength } from '../api/index.ts';
import { encodeJson } from './encodeJson.ts';

const codeOf = (value: unknown, max = 100) => {
  try {
    encodeJson(value, max);
    return 'ok';
  } catch (error) {
    return (error as { code: string }).code;
  }
};

describe('encodeJson', () => {
  it('encodes JSON values', () => {
    expect(encodeJson({ a: [1, 'x', null, true], b: { c: -0.5 } }, 100)).toBe('{"a":[1,"x",null,true],"b":{"c":-0.5}}');
    expect(encodeJson(null, 100)).toBe('null');
    expect(encodeJson(Object.create(null), 100)).toBe('{}');
  });

  it('refuses what would not round-trip, with BAD_REQUEST', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    const bad = [undefined, () => 1, Number.NaN, Number.POSITIVE_INFINITY, 1n, Symbol('s'), new Date(0), new Map()];
    for (const value of [...bad, { a: undefined }, [undefined], new Array(3), cycle, { toJSON: () => 1 }, new (class {})()]) {
      expect(codeOf(value)).toBe('BAD_REQUEST');
    }
  });

  it('measures UTF-8 bytes as the API does, the limit itself allowed', () => {
    for (const text of ['abc', 'é', '€', '😀', 'a\u0000"\\', '\ud800']) {
      expect(new TextEncoder().encode(encodeJson(text, 100)).length).toBe(jsonByteLength(text));
    }
    expect(codeOf('x'.repeat(98), 100)).toBe('ok');
    expect(codeOf('x'.repeat(99), 100)).toBe('TOO_LARGE');
    expect(codeOf('😀'.repeat(24), 100)).toBe('ok');
    expect(codeOf('😀'.repeat(25), 100)).toBe('TOO_LARGE');
  });
});
