import { WebSocket } from 'ws';
import { LIVE_PATH, type LiveServerMessage } from '../../api/index.ts';

/** A live connection as a test drives it: messages queued in arrival order, and how it closed. */
export interface LiveTestClient {
  ws: WebSocket;
  /** The next message not yet taken (pings skipped unless `withPings`); rejects after `timeoutMs` or when the connection closes first. */
  next(timeoutMs?: number): Promise<LiveServerMessage>;
  /** Messages received and not yet taken. */
  pending(): LiveServerMessage[];
  /** Resolves with the close code and reason. */
  closed: Promise<{ code: number; reason: string }>;
  sendJson(message: unknown): void;
  /** `{"type":"auth","token","since?"}`, then the `ready` message. */
  auth(token: string, since?: string): Promise<LiveServerMessage>;
  close(): Promise<void>;
}

export interface ConnectLiveOptions {
  /** @default LIVE_PATH */
  path?: string;
  /** Keep `{"type":"ping"}` messages in the queue. @default false */
  withPings?: boolean;
  /** Headers of the upgrade request, e.g. `Origin` or `X-Forwarded-For`. */
  headers?: Record<string, string>;
}

/** Opens `ws://<base><path>` and resolves once it is open; rejects with `upgrade answered <status>` when it is refused. */
export async function connectLive(baseUrl: string, { path = LIVE_PATH, withPings = false, headers }: ConnectLiveOptions = {}): Promise<LiveTestClient> {
  const ws = new WebSocket(baseUrl.replace(/^http/, 'ws') + path, { perMessageDeflate: false, headers });
  const queue: LiveServerMessage[] = [];
  const waiters: (() => void)[] = [];
  let done = false;
  ws.on('message', (data) => {
    const message = JSON.parse(data.toString()) as LiveServerMessage;
    if (message.type === 'ping' && !withPings) return;
    queue.push(message);
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => {
      done = true;
      for (const wake of waiters.splice(0)) wake();
      resolve({ code, reason: reason.toString() });
    }),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
    ws.once('unexpected-response', (_request, response) => reject(new Error(`upgrade answered ${response.statusCode}`)));
  });
  ws.on('error', () => {});
  const next = async (timeoutMs = 5000): Promise<LiveServerMessage> => {
    const deadline = Date.now() + timeoutMs;
    while (queue.length === 0) {
      if (done) throw new Error('connection closed before the next message');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no message within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return queue.shift()!;
  };
  const sendJson = (message: unknown) => ws.send(JSON.stringify(message));
  return {
    ws,
    next,
    pending: () => [...queue],
    closed,
    sendJson,
    async auth(token, since) {
      sendJson(since === undefined ? { type: 'auth', token } : { type: 'auth', token, since });
      return next();
    },
    async close() {
      if (ws.readyState !== WebSocket.CLOSED) ws.close();
      await closed;
    },
  };
}
