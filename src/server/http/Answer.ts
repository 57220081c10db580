import type { ServerResponse } from 'node:http';
import { CORS_HEADERS, corsResponse } from './cors.ts';

/** What a handler answers, before it becomes a web Response or is written to Node's response. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string | null;
  /** A file's bytes, sent instead of `body` (which is then null, so no answer shape wraps them): `GET /media/<id>`. */
  bytes?: Uint8Array | ReadableStream<Uint8Array>;
}

/** A JSON answer from JSON text the caller has already produced, with the CORS headers (its own Expose-Headers kept: ETAG_EXPOSE_HEADERS). */
export function jsonAnswer(status: number, json: string, headers: Record<string, string> = {}): Answer {
  const exposed = headers['Access-Control-Expose-Headers'];
  const cors = exposed ? { ...CORS_HEADERS, 'Access-Control-Expose-Headers': exposed } : CORS_HEADERS;
  return { status, headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers, ...cors }, body: json };
}

/**
 * The answer as a web Response. Its headers are set at creation: headers added
 * later are lost when Hono answers HEAD through the node adapter's lightweight Response.
 */
export function answerResponse(answer: Answer): Response {
  return corsResponse((answer.bytes as BodyInit | undefined) ?? answer.body, answer.status, answer.headers);
}

/** Writes the answer to Node's response; nothing when the client has gone. */
export function writeAnswer(outgoing: ServerResponse, answer: Answer): void {
  if (outgoing.destroyed) return;
  const length = answer.body === null ? {} : { 'Content-Length': String(Buffer.byteLength(answer.body)) };
  outgoing.writeHead(answer.status, { ...answer.headers, ...length });
  outgoing.end(answer.body ?? undefined);
}
