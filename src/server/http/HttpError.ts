import type { ErrorBody } from '../../api/index.ts';
import { type Answer, answerResponse, jsonAnswer } from './Answer.ts';

/** An answer other than success: becomes `{code, message}` with `status` and any extra headers. */
export class HttpError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.headers = headers;
  }

  /** The error body of every answer: `code` equals the status; never a stack. */
  toBody(): ErrorBody {
    return { code: this.status, message: this.message };
  }
}

/** A JSON response from JSON text the caller has already produced, with the CORS headers. */
export function jsonResponse(status: number, json: string, headers: Record<string, string> = {}): Response {
  return answerResponse(jsonAnswer(status, json, headers));
}

/** The answer of an HttpError. */
export function errorAnswer(error: HttpError): Answer {
  return jsonAnswer(error.status, JSON.stringify(error.toBody()), error.headers);
}

/** The response of an HttpError. */
export function errorResponse(error: HttpError): Response {
  return answerResponse(errorAnswer(error));
}
