/**
 * The closed set of error codes used everywhere: SDK rejections, bridge replies,
 * the API client and the write queue. docs/modules.md lists each one.
 */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'TOO_LARGE',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'UNAVAILABLE',
  'TIMEOUT',
  'BUSY',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The one error class of the project; crosses `postMessage` as `{code, message}`. */
export class OverlayError extends Error {
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string) {
    super(message);
    this.name = 'OverlayError';
    this.code = code;
  }

  /** The plain, cloneable form: never a stack. */
  toJSON(): { code: ErrorCode; message: string } {
    return { code: this.code, message: this.message };
  }
}

/** Narrows an unknown value to an error code. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** Maps an HTTP status of the API to our error code. */
export function codeForStatus(status: number): ErrorCode {
  if (status === 400 || status === 405 || status === 415) return 'BAD_REQUEST';
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 408) return 'TIMEOUT';
  if (status === 413) return 'TOO_LARGE';
  if (status === 429) return 'BUSY';
  if (status >= 500) return 'UNAVAILABLE';
  return 'BAD_REQUEST';
}
