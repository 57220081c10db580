// The door of stream-event delivery: the feed (missed events, order, no repeats) and its cursor memory.
export type { EventCursorMemory } from './eventCursorMemory.ts';
export { eventCursorMemory } from './eventCursorMemory.ts';
export type { EventFeed, EventFeedOptions } from './createEventFeed.ts';
export { createEventFeed } from './createEventFeed.ts';
export type { ListEvents } from './fetchMissedEvents.ts';
export { fetchMissedEvents, MISSED_PAGE_LIMIT } from './fetchMissedEvents.ts';
