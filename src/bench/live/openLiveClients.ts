import { WebSocket } from 'ws';
import { LIVE_PATH } from '../../api/index.ts';

/** Many live connections held by the bench process, counting the `change` messages they hear. */
export interface LiveClients {
  /** Resolves once every client has heard `count` changes in total since it opened. */
  allHeard(count: number): Promise<void>;
  close(): Promise<void>;
}

/** Client addresses handed out so far: every connection of the bench process gets its own. */
let addresses = 0;

/** The next client address, from 10.0.0.0/8, as a proxy in front of the server would name it. */
function nextAddress(): string {
  const n = ++addresses;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * Opens `n` connections to `<url><LIVE_PATH>`, `batch` at a time, each with
 * its own client address in `X-Forwarded-For` (read by a server with
 * `--trust-proxy 1`, ignored by the bare one); with a `token`, each
 * authenticates and waits for `ready` (the reference server), without, each
 * is counted once open (the bare baseline).
 */
export async function openLiveClients(url: string, n: number, token?: string, batch = 250): Promise<LiveClients> {
  const sockets: WebSocket[] = [];
  let heard = 0;
  let waiting: { count: number; resolve: () => void } | undefined;
  const onChange = () => {
    heard++;
    if (waiting && heard >= waiting.count) waiting.resolve();
  };
  for (let opened = 0; opened < n; opened += batch) {
    const size = Math.min(batch, n - opened);
    const group = await Promise.all(Array.from({ length: size }, () => openOne(url.replace(/^http/, 'ws') + LIVE_PATH, token, onChange)));
    sockets.push(...group);
  }
  return {
    allHeard(count) {
      if (heard >= count * n) return Promise.resolve();
      return new Promise((resolve) => {
        waiting = { count: count * n, resolve };
      });
    },
    async close() {
      await Promise.all(
        sockets.map((ws) => {
          if (ws.readyState === WebSocket.CLOSED) return undefined;
          const closed = new Promise((resolve) => ws.once('close', resolve));
          ws.terminate();
          return closed;
        }),
      );
    },
  };
}

function openOne(url: string, token: string | undefined, onChange: () => void): Promise<WebSocket> {
  const ws = new WebSocket(url, { perMessageDeflate: false, headers: { 'X-Forwarded-For': nextAddress() } });
  return new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.once('open', () => {
      if (!token) resolve(ws);
      else ws.send(JSON.stringify({ type: 'auth', token }));
    });
    ws.on('message', (data) => {
      const type = (JSON.parse(data.toString()) as { type: string }).type;
      if (type === 'change') onChange();
      else if (type === 'ready') resolve(ws);
    });
    ws.once('close', (code) => reject(new Error(`live connection closed with ${code}`)));
  });
}
