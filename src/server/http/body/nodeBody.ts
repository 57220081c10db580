import type { IncomingMessage } from 'node:http';

/** Reads a Node body, failing with `tooLarge()` as soon as it passes `maxBytes`; later bytes are discarded. */
export function readIncoming(incoming: IncomingMessage, maxBytes: number, tooLarge: () => Error, unreadable: () => Error): Promise<Uint8Array> {
  // A body that has fully arrived (the handler awaited something first) is taken from the buffer at once.
  if (incoming.complete && incoming.readableLength <= maxBytes) {
    const buffered = incoming.read() as Buffer | null;
    return Promise.resolve(buffered ?? new Uint8Array(0));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    // Method shorthand, not arrow functions in consts: the tsx runtime renames every named closure
    // it creates (a defineProperty each), and this runs for every PATCH.
    const on = {
      stop(error?: Error) {
        incoming.off('data', on.data).off('end', on.end).off('error', on.error).off('aborted', on.error);
        // Keep the stream flowing so the rest of an oversized upload is drained, not buffered.
        if (error) incoming.on('data', () => {}).on('error', () => {});
      },
      data(chunk: Buffer) {
        total += chunk.byteLength;
        if (total <= maxBytes) return void chunks.push(chunk);
        on.stop(tooLarge());
        reject(tooLarge());
      },
      end() {
        on.stop();
        resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total));
      },
      error() {
        on.stop(unreadable());
        reject(unreadable());
      },
    };
    incoming.on('data', on.data).on('end', on.end).on('error', on.error).on('aborted', on.error);
  });
}
