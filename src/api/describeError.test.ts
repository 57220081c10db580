import { describe, expect, it } from 'vitest';
import { describeError } from './describeError.ts';
import { OverlayError } from './OverlayError.ts';

describe('describeError', () => {
  it('gives our errors with their code, others by their message', () => {
    expect(describeError(new OverlayError('TIMEOUT', 'no answer in 15 s'))).toBe('TIMEOUT: no answer in 15 s');
    expect(describeError(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(describeError('plain text')).toBe('plain text');
  });
});
