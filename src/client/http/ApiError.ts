import { type ErrorCode, OverlayError } from '../../api/index.ts';

/**
 * An OverlayError raised by the API client, carrying what the write queue needs
 * to classify it. Crosses `postMessage` as `{code, message}` like any other.
 */
export class ApiError extends OverlayError {
  /** HTTP status, or null when no response arrived (network error, timeout, no token). */
  readonly status: number | null;
  /** The raw `Retry-After` header of the response, if any. */
  readonly retryAfter: string | null;

  constructor(code: ErrorCode, message: string, status: number | null = null, retryAfter: string | null = null) {
    super(code, message);
    this.status = status;
    this.retryAfter = retryAfter;
  }
}
