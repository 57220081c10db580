import { describe, expect, it } from 'vitest';
import { decodeJsonValue } from './decodeJsonValue.ts';

const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as { code: string }).code;
  }
  return 'none';
};

describe('decodeJsonValue', () => {
  it('parses JSON values, null included', () => {
    expect(decodeJsonValue('{"a":[1,"x",null]}', 100)).toEqual({ a: [1, 'x', null] });
    expect(decodeJsonValue('null', 100)).toBeNull();
  });

  it('measures the canonical JSON in UTF-8 bytes, the limit itself allowed', () => {
    expect(decodeJsonValue('"éé"', 6)).toBe('éé');
    expect(codeOf(() => decodeJsonValue('"ééé"', 6))).toBe('TOO_LARGE');
    expect(codeOf(() => decodeJsonValue(' '.repeat(7), 6))).toBe('TOO_LARGE');
  });

  it('refuses text that is not JSON, or too deep for the stack', () => {
    expect(codeOf(() => decodeJsonValue('{a:1}', 100))).toBe('BAD_REQUEST');
    expect(codeOf(() => decodeJsonValue('', 100))).toBe('BAD_REQUEST');
    const deep = '['.repeat(60_000) + ']'.repeat(60_000);
    expect(['BAD_REQUEST', 'none']).toContain(codeOf(() => decodeJsonValue(deep, 200_000)));
  });
});
