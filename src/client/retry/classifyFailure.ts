import { ApiError } from '../http/index.ts';

/**
 * What the write queue does after a failed send:
 * - `retry`: nothing reached the server or it asked for patience (network error,
 *   timeout, 408, 429, 5xx, or a 2xx/3xx that is no confirmation): back off and retry;
 * - `auth`: 401/403 or no token: pause the queue and keep everything until a new token;
 * - `park`: any other 4xx: the server refused this write for good; keep it as failed.
 */
export type FailureClass = 'retry' | 'auth' | 'park';

export function classifyFailure(error: unknown): FailureClass {
  // Anything that is not an answer of the API (a bug, a storage hiccup) is retried, never dropped.
  if (!(error instanceof ApiError)) return 'retry';
  if (error.code === 'UNAUTHORIZED' || error.code === 'FORBIDDEN') return 'auth';
  const { status } = error;
  if (status === null || status < 400 || status === 408 || status === 429 || status >= 500) return 'retry';
  return 'park';
}
