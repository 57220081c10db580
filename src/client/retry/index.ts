export { DEFAULT_BACKOFF, backoffDelay } from './backoffDelay.ts';
export type { BackoffOptions } from './backoffDelay.ts';
export { classifyFailure } from './classifyFailure.ts';
export { parseRetryAfter } from './parseRetryAfter.ts';
