import type { ErrorBody } from '../../api/index.ts';
import { CORS_HEADERS } from './cors.ts';

/** An answer other than success: becomes `{code, message}` with `status` and any extra headers. */
export class ApiError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.headers = headers;
  }

  /** The wire form of spec 7: `code` equals the status; never a stack. */
  toBody(): ErrorBody {
    return { code: this.status, message: this.message };
  }
}

/**
 * A JSON response from JSON text the caller has already produced. CORS headers are
 * set at creation: headers added later are lost when Hono answers HEAD through
 * the node adapter's lightweight Response.
 */
export function jsonResponse(status: number, json: string, headers: Record<string, string> = {}): Response {
  return new Response(json, {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...CORS_HEADERS, ...headers },
  });
}

/** The response of an ApiError. */
export function errorResponse(error: ApiError): Response {
  return jsonResponse(error.status, JSON.stringify(error.toBody()), error.headers);
}
