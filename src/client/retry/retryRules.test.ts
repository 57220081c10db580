import { describe, expect, it } from 'vitest';
import { OverlayError } from '../../api/index.ts';
import { ApiError } from '../http/index.ts';
import { backoffDelay, DEFAULT_BACKOFF } from './backoffDelay.ts';
import { classifyFailure } from './classifyFailure.ts';
import { parseRetryAfter } from './parseRetryAfter.ts';

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');

  it('reads delay-seconds', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
  });

  it('reads HTTP dates against now, never negative', () => {
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0);
  });

  it('gives null for garbage', () => {
    for (const header of [null, undefined, '', 'soon', '-5', '1.5', '12abc']) {
      expect(parseRetryAfter(header, now)).toBeNull();
    }
  });
});

describe('backoffDelay', () => {
  it('stays within [0, min(cap, base * 2^attempt))', () => {
    expect(backoffDelay(0, null, () => 0)).toBe(0);
    expect(backoffDelay(0, null, () => 0.999)).toBeLessThan(1000);
    expect(backoffDelay(3, null, () => 0.5)).toBe(4000);
    expect(backoffDelay(50, null, () => 0.999999)).toBeLessThan(DEFAULT_BACKOFF.capMs);
    expect(backoffDelay(50, null, () => 0.999999)).toBeGreaterThan(59_000);
  });

  it('waits at least Retry-After, but no longer than its ceiling', () => {
    expect(backoffDelay(0, 30_000, () => 0.5)).toBe(30_000);
    expect(backoffDelay(10, 1000, () => 0.5)).toBe(30_000);
    expect(backoffDelay(0, 86_400_000, () => 0)).toBe(DEFAULT_BACKOFF.maxRetryAfterMs);
  });
});

describe('classifyFailure', () => {
  const at = (status: number | null, code: ConstructorParameters<typeof ApiError>[0] = 'BAD_REQUEST') =>
    classifyFailure(new ApiError(code, 'x', status));

  it('retries network errors, timeouts, 408, 429, 5xx and non-confirming 2xx', () => {
    expect(at(null, 'UNAVAILABLE')).toBe('retry');
    expect(at(null, 'TIMEOUT')).toBe('retry');
    for (const status of [200, 408, 429, 500, 502, 503, 504]) expect(at(status)).toBe('retry');
    expect(classifyFailure(new Error('bug'))).toBe('retry');
  });

  it('pauses on 401, 403 and a missing token', () => {
    expect(at(401, 'UNAUTHORIZED')).toBe('auth');
    expect(at(403, 'FORBIDDEN')).toBe('auth');
    expect(at(null, 'UNAUTHORIZED')).toBe('auth');
  });

  it('parks other 4xx', () => {
    for (const status of [400, 404, 405, 409, 413, 415, 422]) expect(at(status)).toBe('park');
    expect(classifyFailure(new OverlayError('BAD_REQUEST', 'x'))).toBe('retry');
  });
});
