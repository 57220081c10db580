import { LIMITS } from '../../api/index.ts';

/** Size limits of the API; each is configurable and documented in docs/server.md, Limits. */
export interface ApiLimits {
  /** UTF-8 bytes of `JSON.stringify(value)` allowed for one stored value. @default 65536 */
  maxValueBytes: number;
  /** Bytes of one request body. @default 1048576 */
  maxBodyBytes: number;
}

export const DEFAULT_LIMITS: ApiLimits = { maxValueBytes: LIMITS.valueBytes, maxBodyBytes: LIMITS.bodyBytes };

/** Fills defaults and checks that each limit is a positive integer. */
export function resolveLimits(limits: Partial<ApiLimits> = {}): ApiLimits {
  const resolved = { ...DEFAULT_LIMITS, ...limits };
  for (const [name, value] of Object.entries(resolved)) {
    if (!(Number.isSafeInteger(value) && value > 0)) throw new RangeError(`${name} must be a positive integer`);
  }
  return resolved;
}
