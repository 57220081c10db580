import { expect } from 'vitest';
import { OverlayError } from '../../api/index.ts';

/** The code a promise rejects with; fails the test unless it rejects with an OverlayError. */
export async function rejectionCode(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(OverlayError);
  return (error as OverlayError).code;
}
