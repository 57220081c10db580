import type { BrowserContext, Page, TestInfo, WebSocket } from '@playwright/test';

interface Seen {
  page: Page;
  socket: WebSocket;
  /** The token of its `auth` message, once sent. */
  token: string | null;
  closed: boolean;
  /** What happened to it, one line each, with the time since the watch began. */
  events: string[];
}

/** Prefix of the console lines the pages write when a live socket closes (Playwright's socket has no close code). */
const CLOSE_LINE = '[live-socket] close';

/**
 * Every live WebSocket the pages of a browser context open, with the token each
 * signed in with; `record` also keeps what each one heard and how it closed
 * (code, reason), for the report of a failed test.
 */
export class LiveSockets {
  private readonly seen: Seen[] = [];
  private readonly startedAt = Date.now();
  private readonly closes: string[] = [];

  constructor(context: BrowserContext) {
    for (const page of context.pages()) this.watch(page);
    context.on('page', (page) => this.watch(page));
  }

  /** Watches the context's pages, close codes included (for pages opened from now on): call it before the pages navigate. */
  static async record(context: BrowserContext): Promise<LiveSockets> {
    const sockets = new LiveSockets(context);
    await sockets.recordCloses(context);
    return sockets;
  }

  /** Watches one more context (another browser), close codes included. */
  async add(context: BrowserContext): Promise<void> {
    for (const page of context.pages()) this.watch(page);
    context.on('page', (page) => this.watch(page));
    await this.recordCloses(context);
  }

  private async recordCloses(context: BrowserContext): Promise<void> {
    await context.addInitScript(
      ({ line }) => {
        const Native = globalThis.WebSocket;
        globalThis.WebSocket = class extends Native {
          constructor(...args: ConstructorParameters<typeof WebSocket>) {
            super(...args);
            const opened = Date.now();
            this.addEventListener('close', (event) =>
              console.debug(`${line} ${this.url} code=${event.code} reason=${JSON.stringify(event.reason)} after=${Date.now() - opened}ms`),
            );
          }
        };
      },
      { line: CLOSE_LINE },
    );
    context.on('console', (message) => {
      if (message.text().startsWith(CLOSE_LINE)) this.closes.push(`${this.since()} ${message.text()}`);
    });
  }

  /** Sockets still open, signed in with `token`. */
  openWith(token: string): number {
    return this.seen.filter((entry) => !entry.closed && entry.token === token).length;
  }

  /** Sockets still open, all tokens. */
  get open(): number {
    return this.seen.filter((entry) => !entry.closed).length;
  }

  /** Attaches what the sockets heard and how they closed, when the test failed. */
  async keepOnFailure(testInfo: TestInfo): Promise<void> {
    if (testInfo.status === testInfo.expectedStatus) return;
    const sockets = this.seen.map((entry, i) => [`socket ${i + 1} (${entry.page.url()})`, ...entry.events.map((line) => `  ${line}`)].join('\n'));
    const body = [...sockets, 'close codes (the pages):', ...this.closes.map((line) => `  ${line}`)].join('\n');
    await testInfo.attach('live-sockets', { body, contentType: 'text/plain' });
  }

  private since(): string {
    return `+${Date.now() - this.startedAt}ms`;
  }

  private watch(page: Page): void {
    page.on('websocket', (socket) => {
      if (!socket.url().endsWith('/me/database/changes')) return;
      const entry: Seen = { page, socket, token: null, closed: false, events: [`${this.since()} open ${socket.url()}`] };
      this.seen.push(entry);
      socket.on('framesent', ({ payload }) => {
        const message = parse(payload) as { type?: string; token?: string; since?: string } | undefined;
        if (message?.type !== 'auth') return;
        entry.token = message.token ?? null;
        entry.events.push(`${this.since()} sent auth since=${message.since ?? '-'}`);
      });
      socket.on('framereceived', ({ payload }) => {
        const message = parse(payload) as { type?: string; cursor?: string; name?: string; value?: unknown } | undefined;
        if (!message || message.type === 'ping') return;
        const detail = message.type === 'change' ? ` ${message.name}=${JSON.stringify(message.value)}` : '';
        entry.events.push(`${this.since()} heard ${message.type} ${message.cursor ?? ''}${detail}`);
      });
      socket.on('socketerror', (error) => entry.events.push(`${this.since()} error ${error}`));
      socket.on('close', () => {
        entry.closed = true;
        entry.events.push(`${this.since()} closed`);
      });
    });
  }
}

function parse(payload: string | Buffer): unknown {
  try {
    return JSON.parse(String(payload));
  } catch {
    return undefined;
  }
}
