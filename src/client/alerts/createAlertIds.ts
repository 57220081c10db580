import type { StreamEvent } from '../../api/index.ts';

/** Ids of events ever queued that are remembered; far more than can wait (500) plus what a reload re-delivers. */
export const SEEN_IDS_MAX = 2000;

/**
 * Which offers are new. An event is queued once, whichever pages offer it and however
 * often (a page joining late is handed the last minutes' events again as `missed`): its
 * id is remembered, persisted, the oldest forgotten past `SEEN_IDS_MAX`. A replay carries
 * the id of the event it replays and is a new alert each time the streamer asks; the
 * pages all hand the same replay on at once, so offers of one replayed id within
 * `replayWindowMs` are one.
 */
export interface AlertIds {
  /** Whether `event` is new; if so it is remembered from now on. `queued` tells whether a replay of its id waits. */
  admit(event: StreamEvent, queued: (id: string) => boolean): boolean;
  /** The ids to persist, oldest first. */
  list(): string[];
}

export function createAlertIds(stored: string[], now: () => number, replayWindowMs: number): AlertIds {
  const seen = new Set(stored.slice(-SEEN_IDS_MAX));
  const replays = new Map<string, number>();

  function admitReplay(id: string, queued: (id: string) => boolean): boolean {
    const at = now();
    for (const [old, time] of replays) if (at - time >= replayWindowMs) replays.delete(old);
    if (replays.has(id) || queued(id)) return false;
    replays.set(id, at);
    return true;
  }

  return {
    admit(event, queued) {
      if (event.replayed) return admitReplay(event.id, queued);
      if (seen.has(event.id)) return false;
      seen.add(event.id);
      // A Set iterates in insertion order: the first is the oldest.
      if (seen.size > SEEN_IDS_MAX) seen.delete(seen.values().next().value!);
      return true;
    },
    list: () => [...seen],
  };
}
