import { signal } from '@preact/signals';
import type { StreamEvent } from '../api/index.ts';
import type { ApiClient, EventFeed } from '../client/index.ts';

/** The Activity list shows this many, newest first. */
export const ACTIVITY_SIZE = 50;

/** One line of the list; `key` tells a replay apart from the event it repeats. */
export interface ActivityEntry {
  key: string;
  record: StreamEvent;
}

/**
 * The dock's Activity: the newest events from the history, then live ones from
 * the session's feed, newest first; Replay asks the server to send one again.
 */
export class ActivityModel {
  readonly entries = signal<ActivityEntry[]>([], { name: 'activity.entries' });
  readonly problem = signal<string | null>(null, { name: 'activity.problem' });
  private readonly keys = new Set<string>();
  private replays = 0;
  private stopFeed: (() => void) | null = null;

  constructor(private readonly client: Pick<ApiClient, 'listEvents' | 'replayEvent'>) {}

  /** Reads the newest events, then follows the feed. */
  async start(feed: EventFeed | undefined): Promise<void> {
    this.stopFeed = feed?.listen((events) => this.add(events)) ?? null;
    try {
      const page = await this.client.listEvents({ limit: ACTIVITY_SIZE });
      this.add(page.events, true);
      this.problem.value = null;
    } catch (error) {
      this.problem.value = `cannot read the events: ${messageOf(error)}`;
    }
  }

  /** Events oldest first; `older`: from the history, so they go below what the feed brought already. */
  add(events: readonly StreamEvent[], older = false): void {
    const fresh: ActivityEntry[] = [];
    for (const record of events) {
      const key = record.replayed ? `${record.id}:replay:${++this.replays}` : record.id;
      if (this.keys.has(key)) continue;
      this.keys.add(key);
      fresh.unshift({ key, record });
    }
    if (fresh.length === 0) return;
    const all = older ? [...this.entries.peek(), ...fresh] : [...fresh, ...this.entries.peek()];
    const kept = all.slice(0, ACTIVITY_SIZE);
    for (const gone of all.slice(ACTIVITY_SIZE)) this.keys.delete(gone.key);
    this.entries.value = kept;
  }

  async replay(id: string): Promise<void> {
    try {
      await this.client.replayEvent(id);
      this.problem.value = null;
    } catch (error) {
      this.problem.value = `replay failed: ${messageOf(error)}`;
    }
  }

  stop(): void {
    this.stopFeed?.();
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
