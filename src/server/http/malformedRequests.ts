import type { Socket } from 'node:net';
import { RequestError } from '@hono/node-server';
import { HttpError, errorResponse } from './HttpError.ts';
import { CORS_HEADERS, withCors } from './cors.ts';

/**
 * The node adapter's error hook: a request Node parsed but that cannot become a
 * web Request (bad Host, backslash in the path) is the client's fault, 400;
 * anything else is ours.
 */
export function answerRequestError(error: unknown, onInternalError: (error: unknown) => void): Response {
  if (error instanceof RequestError) {
    return withCors(errorResponse(new HttpError(400, `Bad request - ${error.message}`)));
  }
  onInternalError(error);
  return withCors(errorResponse(new HttpError(500, 'Internal server error')));
}

const REASONS: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

/** Malformed HTTP that Node's parser refuses: answered `{code, message}` with CORS, like every other error. */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify({ code: status, message: `Bad request - malformed HTTP (${error.code ?? 'parse error'})` });
  const headers = {
    'Content-Type': 'application/json; charset=utf-8',
    ...CORS_HEADERS,
    Connection: 'close',
    'Content-Length': String(Buffer.byteLength(body)),
  };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(`HTTP/1.1 ${status} ${REASONS[status]}\r\n${head.join('')}\r\n${body}`);
}
