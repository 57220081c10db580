import type { Clock, EventPage, StreamEvent } from '../../api/index.ts';

/** One request asks for this many; a full page means there may be more. */
export const MISSED_PAGE_LIMIT = 1000;
/** A start reads at most this many pages (10,000 events): more than 10 minutes of any real stream. */
const MAX_PAGES = 10;

export type ListEvents = (query: { after?: string; limit?: number }) => Promise<EventPage>;

/** Every stored event after `after`, oldest first, and the cursor to resume from. */
export async function fetchMissedEvents(list: ListEvents, after: string): Promise<{ events: StreamEvent[]; cursor: string }> {
  const events: StreamEvent[] = [];
  let cursor = after;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer = await list({ after: cursor, limit: MISSED_PAGE_LIMIT });
    events.push(...answer.events);
    cursor = answer.cursor;
    if (answer.events.length < MISSED_PAGE_LIMIT) break;
  }
  return { events, cursor };
}

/** How many of the newest events the first start ever reads: far more than come while a page opens. */
export const NEWEST_PAGE_LIMIT = 100;

/** The newest events and the history's current end, or undefined when they cannot be read within `ms` (offline, no endpoint). */
export async function newestEvents(list: ListEvents, clock: Clock, ms: number): Promise<{ events: StreamEvent[]; cursor: string } | undefined> {
  let timer: unknown;
  const late = new Promise<undefined>((resolve) => {
    timer = clock.setTimeout(() => resolve(undefined), ms);
  });
  const read = list({ limit: NEWEST_PAGE_LIMIT }).then(
    (page) => ({ events: page.events, cursor: page.cursor }),
    () => undefined,
  );
  const newest = await Promise.race([read, late]);
  clock.clearTimeout(timer);
  return newest;
}
