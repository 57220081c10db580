import { describe, expect, it } from 'vitest';
import { OverlayError } from './OverlayError.ts';
import { isModuleId, moduleIdProblem, resolveKey } from './resolveKey.ts';

function refusal(fn: () => unknown): OverlayError {
  try {
    fn();
  } catch (error) {
    if (error instanceof OverlayError) return error;
  }
  throw new Error('expected an OverlayError');
}

describe('resolveKey', () => {
  it('addresses the own module with a plain name', () => {
    expect(resolveKey('de.example.tool.raid', 'score')).toEqual({ moduleId: 'de.example.tool.raid', name: 'score' });
  });

  it('addresses another module with other:name, split at the first colon', () => {
    expect(resolveKey('a.b', 'c.d:name')).toEqual({ moduleId: 'c.d', name: 'name' });
    expect(resolveKey('a.b', 'c.d:x:y')).toEqual({ moduleId: 'c.d', name: 'x:y' });
  });

  it('accepts any text as a name, up to 256 UTF-16 code units', () => {
    expect(resolveKey('a', 'ünï cødé 🎉').name).toBe('ünï cødé 🎉');
    expect(resolveKey('a', 'x'.repeat(256)).name).toHaveLength(256);
    expect(refusal(() => resolveKey('a', 'x'.repeat(257))).code).toBe('BAD_REQUEST');
  });

  it('refuses an empty key, an empty name and a bad module part', () => {
    expect(refusal(() => resolveKey('a', '')).message).toMatch(/key/);
    expect(refusal(() => resolveKey('a', 'b:')).message).toMatch(/name/);
    expect(refusal(() => resolveKey('a', ':name')).message).toMatch(/module id/);
    expect(refusal(() => resolveKey('a', 'bad id:name')).code).toBe('BAD_REQUEST');
  });

  it('refuses __proto__, constructor and prototype as the own id or the other module, naming them', () => {
    for (const reserved of ['__proto__', 'constructor', 'prototype']) {
      expect(refusal(() => resolveKey(reserved, 'k')).message).toBe(`id "${reserved}" is reserved: __proto__, constructor and prototype are not module ids`);
      expect(refusal(() => resolveKey('a.b', `${reserved}:k`)).message).toMatch(new RegExp(`^key: the part before ":" "${reserved}" is reserved`));
    }
  });

  it('refuses an invalid own id', () => {
    expect(refusal(() => resolveKey('has:colon', 'k')).message).toMatch(/^id/);
    expect(refusal(() => resolveKey('', 'k')).code).toBe('BAD_REQUEST');
  });
});

describe('isModuleId', () => {
  it('allows 1-128 letters, digits, dot, underscore and dash', () => {
    expect(isModuleId('de.example_tool-1')).toBe(true);
    expect(isModuleId('x'.repeat(128))).toBe(true);
    expect(isModuleId('x'.repeat(129))).toBe(false);
    expect(isModuleId('a:b')).toBe(false);
    expect(isModuleId('a/b')).toBe(false);
    expect(isModuleId(42)).toBe(false);
    for (const reserved of ['__proto__', 'constructor', 'prototype']) expect(isModuleId(reserved)).toBe(false);
    expect(isModuleId('my.constructor')).toBe(true);
    expect(moduleIdProblem('a b')).toMatch(/^must be a module id/);
    expect(moduleIdProblem('a.b')).toBeUndefined();
  });
});
