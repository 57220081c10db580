import type { Kind } from '../../api/index.ts';
import type { KeyValueStore } from '../storage/index.ts';

/** Where an overlay (user, kind) keeps the cursor of the last event it handed its modules. */
export interface EventCursorMemory {
  /** The remembered cursor; undefined on the first start ever (or when storage failed). */
  load(): Promise<string | undefined>;
  save(cursor: string): Promise<void>;
}

/**
 * In the page's local store, beside the write queue: `['events', userId, kind]`
 * for the overlay page. Another reader (the dock's panels) passes its own
 * `reader`: a dock left open must not use up what the overlay missed.
 */
export function eventCursorMemory(store: KeyValueStore, userId: string, kind: Kind, reader = 'overlay'): EventCursorMemory {
  const key = reader === 'overlay' ? ['events', userId, kind] : ['events', userId, kind, reader];
  return {
    async load() {
      const value = await store.get(key).catch(() => undefined);
      const cursor = (value as { cursor?: unknown } | undefined)?.cursor;
      return typeof cursor === 'string' ? cursor : undefined;
    },
    save: (cursor) => store.update([key], () => ({ writes: [[key, { cursor }]], result: undefined })),
  };
}
