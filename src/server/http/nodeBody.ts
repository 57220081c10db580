import type { IncomingMessage } from 'node:http';

// Requests served by Node's HTTP server, mapped to the message they came from: the
// body is then read from Node's stream, skipping the web stream the adapter would
// build around it (the costliest part of a small PATCH). Any other Request (a
// web-standard caller, a prefix-stripping mount) reads its web body as before.
const incomingOf = new WeakMap<Request, IncomingMessage>();

/** Records the Node message behind a request (from Hono's `c.env.incoming`). */
export function rememberIncoming(request: Request, env: unknown): void {
  const incoming = (env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming && typeof incoming.on === 'function') incomingOf.set(request, incoming);
}

/** The Node message behind a request, when there is one, it is alive and its body is unread. */
export function incomingBody(request: Request): IncomingMessage | undefined {
  const incoming = incomingOf.get(request);
  // Untouched (flowing state still null) and alive: bytes already buffered come with the first 'data'.
  return incoming && incoming.readableFlowing === null && !incoming.readableEnded && !incoming.destroyed ? incoming : undefined;
}

/** Reads a Node body, failing with `tooLarge()` as soon as it passes `maxBytes`; later bytes are discarded. */
export function readIncoming(incoming: IncomingMessage, maxBytes: number, tooLarge: () => Error, unreadable: () => Error): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const stop = (error?: Error) => {
      incoming.off('data', onData).off('end', onEnd).off('error', onError).off('aborted', onError);
      // Keep the stream flowing so the rest of an oversized upload is drained, not buffered.
      if (error) incoming.on('data', () => {}).on('error', () => {});
    };
    const onData = (chunk: Buffer) => {
      total += chunk.byteLength;
      if (total <= maxBytes) return void chunks.push(chunk);
      stop(tooLarge());
      reject(tooLarge());
    };
    const onEnd = () => {
      stop();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total));
    };
    const onError = () => {
      stop(unreadable());
      reject(unreadable());
    };
    incoming.on('data', onData).on('end', onEnd).on('error', onError).on('aborted', onError);
  });
}
