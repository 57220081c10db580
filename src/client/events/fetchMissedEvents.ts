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

/** The history's current end, or undefined when it cannot be read within `ms` (offline, no endpoint). */
export async function currentEnd(list: ListEvents, clock: Clock, ms: number): Promise<string | undefined> {
  let timer: unknown;
  const late = new Promise<undefined>((resolve) => {
    timer = clock.setTimeout(() => resolve(undefined), ms);
  });
  const read = list({ limit: 1 }).then(
    (page) => page.cursor,
    () => undefined,
  );
  const end = await Promise.race([read, late]);
  clock.clearTimeout(timer);
  return end;
}
