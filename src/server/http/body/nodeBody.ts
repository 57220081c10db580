import type { IncomingMessage } from 'node:http';

/** Reads a Node body, failing with `tooLarge()` as soon as it passes `maxBytes`; later bytes are discarded. */
export function readIncoming(incoming: IncomingMessage, maxBytes: number, tooLarge: () => Error, unreadable: () => Error): Promise<Uint8Array> {
  // The usual small body has fully arrived with its headers: take it from the buffer at once.
  if (incoming.complete && incoming.readableLength <= maxBytes) {
    const buffered = incoming.read() as Buffer | null;
    return Promise.resolve(buffered ?? new Uint8Array(0));
  }
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
