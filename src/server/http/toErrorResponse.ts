import { StoreUnavailableError } from '../store/index.ts';
import { ApiError, errorResponse } from './ApiError.ts';

/**
 * Maps anything thrown while answering to `{code, message}`: ApiError as given,
 * an unavailable store to 503 with Retry-After, anything else to a bare 500
 * (reported through `onInternalError`, never shown to the client).
 */
export function toErrorResponse(error: unknown, onInternalError: (error: unknown) => void): Response {
  if (error instanceof ApiError) return errorResponse(error);
  if (error instanceof StoreUnavailableError) {
    const retryAfter = String(Math.max(1, Math.ceil(error.retryAfterSeconds)));
    return errorResponse(
      new ApiError(503, `Service unavailable - the data store cannot be reached; retry after ${retryAfter} s`, {
        'Retry-After': retryAfter,
      }),
    );
  }
  onInternalError(error);
  return errorResponse(new ApiError(500, 'Internal server error'));
}
