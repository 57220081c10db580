import type { BrowserContext, Route } from '@playwright/test';
import { CORS_HEADERS } from '../../src/server/index.ts';

/** Answers held back by `ApiFaults`, sent when the test says so. */
export interface HeldAnswers {
  /** How many requests are held at the moment. */
  readonly count: number;
  /** Sends every held answer (or lets the request go on) and stops holding. */
  release(): Promise<void>;
}

/**
 * Faults between the pages of a context and the real API, for what a test cannot
 * make the reference server do on cue: answer a write with 401, 429 or 400, or
 * be slow. Everything else passes through to the server untouched.
 */
export class ApiFaults {
  constructor(
    private readonly context: BrowserContext,
    private readonly apiUrl: string,
  ) {}

  /**
   * Answers the next `count` database writes with `status` and the API's error
   * body (they never reach the server). Returns the times the answers were sent.
   */
  async refuseWrites(status: number, { count = 1, retryAfter }: { count?: number; retryAfter?: string } = {}): Promise<number[]> {
    const answeredAt: number[] = [];
    const headers: Record<string, string> = { ...CORS_HEADERS, ...(retryAfter === undefined ? {} : { 'Retry-After': retryAfter }) };
    const body = JSON.stringify({ code: status, message: `refused by the test with ${status}` });
    await this.onWrites(async (route) => {
      if (answeredAt.length >= count) return route.fallback();
      answeredAt.push(Date.now());
      await route.fulfill({ status, headers, contentType: 'application/json', body });
    });
    return answeredAt;
  }

  /**
   * Lets the first `pass` database writes through; each later one reaches the
   * server, but its answer is held until `release()`: the page sees a slow API
   * while the server has already stored the value.
   */
  async holdWriteAnswers({ pass = 0 }: { pass?: number } = {}): Promise<HeldAnswers> {
    let seen = 0;
    return this.hold(
      (handler) => this.onWrites(handler),
      () => seen++ < pass,
      async (route) => {
        const response = await route.fetch();
        return () => route.fulfill({ response });
      },
    );
  }

  /** Holds every token exchange (`POST /auth/overlay`) until `release()`; held ones then go on to the server. */
  async holdExchanges(): Promise<HeldAnswers> {
    return this.hold(
      (handler) => this.context.route((url) => url.href === `${this.apiUrl}/auth/overlay`, handler),
      () => false,
      async (route) => () => route.fallback(),
    );
  }

  /** Token exchanges (`POST /auth/overlay`) fail as if the API could not be reached, until `restore()`. */
  async failExchanges(): Promise<{ restore(): void }> {
    let failing = true;
    await this.context.route(
      (url) => url.href === `${this.apiUrl}/auth/overlay`,
      (route) => (failing ? route.abort('connectionrefused') : route.fallback()),
    );
    return {
      restore() {
        failing = false;
      },
    };
  }

  private async hold(
    install: (handler: (route: Route) => Promise<void>) => Promise<unknown>,
    passes: () => boolean,
    start: (route: Route) => Promise<() => Promise<void>>,
  ): Promise<HeldAnswers> {
    let holding = true;
    const held: (() => Promise<void>)[] = [];
    await install(async (route) => {
      if (!holding || passes()) return route.fallback();
      const finish = await start(route).catch(() => null);
      if (!finish) return;
      if (holding) held.push(finish);
      else await finish().catch(() => undefined);
    });
    return {
      get count() {
        return held.length;
      },
      async release() {
        holding = false;
        // A page reloaded meanwhile no longer waits for its answer: sending it then fails, harmlessly.
        for (const finish of held.splice(0)) await finish().catch(() => undefined);
      },
    };
  }

  private onWrites(handler: (route: Route) => Promise<void>): Promise<unknown> {
    return this.context.route(
      (url) => url.href === `${this.apiUrl}/me/database`,
      (route) => (route.request().method() === 'PATCH' ? handler(route) : route.fallback()),
    );
  }
}
