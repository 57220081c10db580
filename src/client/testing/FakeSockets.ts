import type { LiveSocket } from '../live/index.ts';

/** A socket of a test: records what the page sent; the test plays the server. */
export class FakeSocket implements LiveSocket {
  readonly sent: unknown[] = [];
  closed: { code?: number } | null = null;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor(readonly url: string) {}

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }

  close(code?: number): void {
    this.closed = { code };
  }

  /** The server accepted the connection. */
  open(): void {
    this.onopen?.({});
  }

  /** The server sends a message (an object is sent as JSON). */
  message(data: unknown): void {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }

  /** The connection ends (from the server or the network). */
  end(code = 1006, reason = ''): void {
    this.onclose?.({ code, reason });
  }
}

/** Every socket the page opened, newest last, and the answer of the endpoint's plain GET. */
export class FakeSockets {
  readonly all: FakeSocket[] = [];
  probeStatus: number | Error = 426;
  readonly probes: string[] = [];

  readonly open = (url: string): LiveSocket => {
    const socket = new FakeSocket(url);
    this.all.push(socket);
    return socket;
  };

  readonly probe = async (url: string): Promise<number> => {
    this.probes.push(url);
    if (this.probeStatus instanceof Error) throw this.probeStatus;
    return this.probeStatus;
  };

  get last(): FakeSocket {
    const socket = this.all.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }

  /** Sockets not closed by the page. */
  get openCount(): number {
    return this.all.filter((socket) => !socket.closed).length;
  }
}
