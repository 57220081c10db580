import type { BrowserContext, Page, WebSocket } from '@playwright/test';

interface Seen {
  page: Page;
  socket: WebSocket;
  /** The token of its `auth` message, once sent. */
  token: string | null;
  closed: boolean;
}

/** Every live WebSocket the pages of a browser context open, with the token each signed in with. */
export class LiveSockets {
  private readonly seen: Seen[] = [];

  constructor(context: BrowserContext) {
    for (const page of context.pages()) this.watch(page);
    context.on('page', (page) => this.watch(page));
  }

  /** Sockets still open, signed in with `token`. */
  openWith(token: string): number {
    return this.seen.filter((entry) => !entry.closed && entry.token === token).length;
  }

  /** Sockets still open, all tokens. */
  get open(): number {
    return this.seen.filter((entry) => !entry.closed).length;
  }

  private watch(page: Page): void {
    page.on('websocket', (socket) => {
      if (!socket.url().endsWith('/me/database/changes')) return;
      const entry: Seen = { page, socket, token: null, closed: false };
      this.seen.push(entry);
      socket.on('framesent', ({ payload }) => {
        try {
          const message = JSON.parse(String(payload)) as { type?: string; token?: string };
          if (message.type === 'auth') entry.token = message.token ?? null;
        } catch {
          // Not ours to judge here.
        }
      });
      socket.on('close', () => {
        entry.closed = true;
      });
    });
  }
}
