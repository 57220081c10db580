import { describeError, OverlayError } from '../api/index.ts';
import type { OverlayParams } from './parseOverlayParams.ts';

/** True for a failure to reach the API at all (offline, DNS, timeout), as opposed to an answer. */
export function isUnreachable(error: unknown): boolean {
  return error instanceof OverlayError ? error.code === 'UNAVAILABLE' || error.code === 'TIMEOUT' : error instanceof TypeError;
}

/**
 * Why a page could not start, for the person who opened it: the overlay and
 * the dock say it in the same words, each naming its own address.
 */
export function describeStartFailure(error: unknown, params: Pick<OverlayParams, 'apiBase' | 'auth'>, page: 'overlay' | 'dock'): string {
  const code = error instanceof OverlayError ? error.code : 'INTERNAL';
  if (code === 'UNAUTHORIZED') return `the token in the address is not valid: check the ${page} URL`;
  if (code === 'NOT_FOUND' && 'overlay' in params.auth) return `unknown overlay id: check the ${page} URL`;
  // Only the overlay keeps a profile to start from while the API is away.
  const noCache = page === 'overlay' ? ' and no profile cached yet' : '';
  if (isUnreachable(error)) return `API unreachable at ${params.apiBase} (${describeError(error)})${noCache}`;
  return `cannot start: ${describeError(error)}`;
}
