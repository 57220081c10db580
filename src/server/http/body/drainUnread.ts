import type { IncomingMessage } from 'node:http';

/** How long, and how much of, an unread request body is read after the answer: the node adapter's limits. */
const DRAIN_MS = 500;
const DRAIN_BYTES = 64 * 1024 * 1024;

/**
 * After an answer that left the request body unread (a 401 to an upload, say),
 * reads the rest for a short while so the connection can serve its next
 * request, and closes the connection if the client keeps sending. Without it
 * Node would read an endless upload until its request timeout.
 */
export function drainUnread(incoming: IncomingMessage): void {
  if (incoming.readableEnded || incoming.destroyed) return;
  let bytes = 0;
  const stop = () => {
    clearTimeout(timer);
    incoming.off('data', count).off('end', stop).off('error', stop);
  };
  const close = () => {
    stop();
    incoming.socket?.destroySoon();
  };
  const count = (chunk: Buffer) => {
    bytes += chunk.byteLength;
    if (bytes > DRAIN_BYTES) close();
  };
  const timer = setTimeout(close, DRAIN_MS);
  timer.unref();
  incoming.on('data', count).on('end', stop).on('error', stop);
  incoming.resume();
}
