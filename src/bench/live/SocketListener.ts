import { WebSocket } from 'ws';

/**
 * A Node WebSocket client as the receiving end of an event figure: it keeps
 * every message and resolves a wait once the message carrying a given number
 * arrives (`keyOf` reads that number from a message).
 */
export class SocketListener {
  readonly messages: unknown[] = [];
  private readonly waits = new Map<number, () => void>();

  private constructor(
    readonly ws: WebSocket,
    keyOf: (message: unknown) => number | undefined,
  ) {
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString()) as unknown;
      this.messages.push(message);
      const key = keyOf(message);
      if (key === undefined) return;
      this.waits.get(key)?.();
      this.waits.delete(key);
    });
  }

  /** Opens `url` (http becomes ws); with `auth`, sends it and resolves after `ready`. */
  static async open(url: string, keyOf: (message: unknown) => number | undefined, auth?: unknown): Promise<SocketListener> {
    const ws = new WebSocket(url.replace(/^http/, 'ws'), { perMessageDeflate: false });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const listener = new SocketListener(ws, keyOf);
    if (auth !== undefined) {
      ws.send(JSON.stringify(auth));
      await listener.until(() => listener.messages.some((m) => (m as { type?: string }).type === 'ready'), 10_000);
    }
    return listener;
  }

  /** Resolves when the message with `key` arrives (register before sending what causes it). */
  next(key: number): Promise<void> {
    return new Promise((resolve) => this.waits.set(key, resolve));
  }

  /** Resolves once `done()` holds, checked on each message; rejects after `timeoutMs`. */
  until(done: () => boolean, timeoutMs: number): Promise<void> {
    if (done()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.ws.off('message', check);
        reject(new Error(`not done within ${timeoutMs} ms (${this.messages.length} messages)`));
      }, timeoutMs);
      const check = () => {
        if (!done()) return;
        clearTimeout(timer);
        this.ws.off('message', check);
        resolve();
      };
      this.ws.on('message', check);
    });
  }

  close(): void {
    this.ws.close();
  }
}
