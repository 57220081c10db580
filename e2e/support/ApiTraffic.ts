import { type BrowserContext, expect, type Page, type Request } from '@playwright/test';
import type { Json } from '../../src/api/index.ts';

/** One request a page made to the API, as the browser sent it. */
export interface ApiCall {
  method: string;
  /** Path without the query, e.g. `/me/database`. */
  path: string;
  /** For a `PATCH /me/database`: the body's key and value. */
  key?: string;
  value?: Json;
  /** The tab that sent it. */
  page: Page | null;
  /** When the test saw it leave (ms since epoch, same clock as the page's `Date.now()`). */
  at: number;
  /** The answer's status, the network error, or undefined while in flight. */
  outcome?: number | string;
}

/** Records every request the pages of a browser context send to the API (reads, writes, token exchanges). */
export class ApiTraffic {
  readonly calls: ApiCall[] = [];
  private readonly byRequest = new Map<Request, ApiCall>();

  constructor(
    context: BrowserContext,
    private readonly apiUrl: string,
  ) {
    context.on('request', (request) => this.record(request));
    context.on('response', (response) => this.settle(response.request(), response.status()));
    context.on('requestfailed', (request) => this.settle(request, request.failure()?.errorText ?? 'failed'));
  }

  /** The database writes sent, in order; only those of one tab when `page` is given. */
  writes(page?: Page): ApiCall[] {
    return this.calls.filter((call) => call.method === 'PATCH' && (page === undefined || call.page === page));
  }

  /**
   * Waits until the test has seen at least `count` writes (of one tab when `page` is given), each with
   * its answer, and returns them. The browser reports its traffic to the test on its own channel: a
   * value can be on the server before the test has heard of the request that carried it, so a test
   * that marks a point in the traffic, or checks outcomes, waits here first.
   */
  async settledWrites(count: number, page?: Page): Promise<ApiCall[]> {
    await expect
      .poll(() => {
        const writes = this.writes(page);
        return writes.length >= count && writes.every((call) => call.outcome !== undefined);
      }, { message: `${count} answered database writes` })
      .toBe(true);
    return this.writes(page);
  }

  /** The keys written, in the order they were sent (`count`, `a`, ...). */
  writtenKeys(page?: Page): string[] {
    return this.writes(page).map((call) => call.key ?? '');
  }

  /** Token exchanges (`POST /auth/overlay`) sent. */
  exchanges(): ApiCall[] {
    return this.calls.filter((call) => call.method === 'POST' && call.path === '/auth/overlay');
  }

  private record(request: Request): void {
    if (!request.url().startsWith(`${this.apiUrl}/`) || request.method() === 'OPTIONS') return;
    const call: ApiCall = { method: request.method(), path: new URL(request.url()).pathname, page: pageOf(request), at: Date.now() };
    if (call.method === 'PATCH') {
      const body = request.postDataJSON() as { key?: string; value?: Json } | null;
      call.key = body?.key;
      call.value = body?.value;
    }
    this.byRequest.set(request, call);
    this.calls.push(call);
  }

  private settle(request: Request, outcome: number | string): void {
    const call = this.byRequest.get(request);
    if (call) call.outcome = outcome;
  }
}

function pageOf(request: Request): Page | null {
  try {
    return request.frame().page();
  } catch {
    // A worker's request has no frame.
    return null;
  }
}
