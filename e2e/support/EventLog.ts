import type { Page } from '@playwright/test';
import type { ApiServerDriver } from './ApiServerDriver.ts';

/** What a test event-log module (e2e/modules/test.events.*) heard, in order. */
export interface HeardEvent {
  id: string;
  missed: boolean;
  replayed: boolean;
}

/** Reads the events one module frame of `page` has heard since it started (its `window.seenEvents`). */
export async function heardEvents(page: Page, moduleId: string): Promise<HeardEvent[]> {
  const handle = await page.locator(`iframe[data-module-id="${moduleId}"]`).elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error(`module ${moduleId} has no frame`);
  return frame.evaluate(() => (window as unknown as { seenEvents?: HeardEvent[] }).seenEvents ?? []);
}

/** The ids of every stored event, oldest first, as the server accepted them (GET /me/events, paged). */
export async function storedIds(api: ApiServerDriver): Promise<string[]> {
  const ids: string[] = [];
  let after: string | undefined;
  let first = true;
  for (;;) {
    const page = await api.listEvents(first ? { limit: 1000, after: undefined } : { after, limit: 1000 });
    // Without `after` the answer is the newest 1000: enough for a test that stores fewer.
    ids.push(...page.events.map((event) => event.id));
    if (page.events.length < 1000) return ids;
    first = false;
    after = page.cursor;
  }
}

/**
 * Posts `count` events of `type` at once (as many clients would), numbered from `from`; resolves with their ids.
 * Each has an id of its own, so a post retried after a dropped connection (a server restart) is stored once.
 */
export async function postMany(api: ApiServerDriver, count: number, from: number, type = 'custom.race'): Promise<string[]> {
  const post = async (n: number) => {
    const body = { type, id: `${type}-${n}`, event: { n } };
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await api.postEvent(body);
      } catch (error) {
        if (attempt >= 3 || !(error instanceof TypeError)) throw error;
      }
    }
  };
  const posted = await Promise.all(Array.from({ length: count }, (_, i) => post(from + i)));
  return posted.map((record) => record.id);
}
