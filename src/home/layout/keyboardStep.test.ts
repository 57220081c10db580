import { describe, expect, it } from 'vitest';
import { keyboardStep } from './keyboardStep.ts';

describe('keyboardStep', () => {
  it('moves 1 canvas pixel per arrow, 10 with Shift', () => {
    expect(keyboardStep('ArrowRight', false)).toEqual({ dx: 1, dy: 0 });
    expect(keyboardStep('ArrowLeft', true)).toEqual({ dx: -10, dy: 0 });
    expect(keyboardStep('ArrowUp', false)).toEqual({ dx: 0, dy: -1 });
    expect(keyboardStep('ArrowDown', true)).toEqual({ dx: 0, dy: 10 });
  });

  it('ignores other keys', () => {
    expect(keyboardStep('Enter', false)).toBeNull();
    expect(keyboardStep('toString', false)).toBeNull();
  });
});
