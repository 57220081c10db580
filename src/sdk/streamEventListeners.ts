import type { StreamEvent } from './overlay.d.ts';

/**
 * The same pattern as EVENT_TYPE_PATTERN in src/api/streamEvents.ts (a test
 * keeps them equal): importing that file would pull zod into the SDK.
 */
const EVENT_TYPE = /^[a-z0-9_]+(\.[a-z0-9_-]+)+$/;

/**
 * Short names a module may listen to instead of a full type: `chat` is the
 * hosted SDK's `SLIVE.on('chat')`, Twitch's chat messages.
 */
const ALIASES: Record<string, string> = { chat: 'channel.chat.message' };

type Listener = (event: StreamEvent) => void;

/** The SDK's stream-event listeners: `on('event')` hears every record, `on('<type>')` one type. */
export interface StreamEventListeners {
  /** True for a name this registry handles (`event`, a type, or an alias). */
  handles(name: string): boolean;
  on(name: string, listener: Listener): () => void;
  /** A batch from the host, oldest first: each record to `event` listeners, then to its type's. */
  deliver(batch: unknown, report: (error: unknown) => void): void;
}

export function createStreamEventListeners(): StreamEventListeners {
  const byName = new Map<string, Set<Listener>>();
  const call = (name: string, record: StreamEvent, report: (error: unknown) => void) => {
    for (const listener of byName.get(name) ?? []) {
      try {
        listener(record);
      } catch (error) {
        report(error);
      }
    }
  };
  return {
    handles: (name) => name === 'event' || name in ALIASES || (name.length <= 100 && EVENT_TYPE.test(name)),
    on(name, listener) {
      const key = ALIASES[name] ?? name;
      const set = byName.get(key) ?? new Set();
      byName.set(key, set);
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
    deliver(batch, report) {
      if (!Array.isArray(batch)) return;
      for (const record of batch as StreamEvent[]) {
        if (!record || typeof record !== 'object') continue;
        call('event', record, report);
        const type = record.subscription?.type;
        if (typeof type === 'string') call(type, record, report);
      }
    },
  };
}

/** The pattern, for the test that keeps it equal to the API's. */
export const SDK_EVENT_TYPE_PATTERN = EVENT_TYPE;
