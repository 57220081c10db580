import { StoreUnavailableError } from '../store/index.ts';
import { type Answer, answerResponse } from './Answer.ts';
import { HttpError, errorAnswer } from './HttpError.ts';

/**
 * Maps anything thrown while answering to `{code, message}`: HttpError as given,
 * an unavailable store to 503 with Retry-After, anything else to a bare 500
 * (reported through `onInternalError`, never shown to the client).
 */
export function toErrorAnswer(error: unknown, onInternalError: (error: unknown) => void): Answer {
  if (error instanceof HttpError) return errorAnswer(error);
  if (error instanceof StoreUnavailableError) {
    const retryAfter = String(Math.max(1, Math.ceil(error.retryAfterSeconds)));
    return errorAnswer(
      new HttpError(503, `Service unavailable - the data store cannot be reached; retry after ${retryAfter} s`, {
        'Retry-After': retryAfter,
      }),
    );
  }
  onInternalError(error);
  return errorAnswer(new HttpError(500, 'Internal server error'));
}

/** `toErrorAnswer` as a web Response. */
export function toErrorResponse(error: unknown, onInternalError: (error: unknown) => void): Response {
  return answerResponse(toErrorAnswer(error, onInternalError));
}
