import type { LiveSync } from '../live/index.ts';
import type { TabNews } from './createTabProtocol.ts';
import type { ReadYourWrites } from './createReadYourWrites.ts';
import type { QueueEntry } from './QueueEntry.ts';
import type { SyncStatusModel } from './SyncStatusModel.ts';

export interface TabNewsTargets {
  memory: ReadYourWrites;
  model: SyncStatusModel;
  live: LiveSync | null;
  /** True while this tab is the flusher (its own view of the API wins). */
  isFlusher(): boolean;
  /** Tells this tab's modules of another tab's write. */
  emitRemote(entry: QueueEntry): void;
  /** The queue holds a write to send (the flusher's debounce starts or moves on). */
  writeQueued(): void;
}

/** What this tab does with the news of the other tabs of its data space. */
export function applyTabNews(targets: TabNewsTargets): TabNews {
  const { memory, model } = targets;
  const mirror = (entry: QueueEntry) => {
    memory.remember(entry);
    model.upsert(entry);
  };
  return {
    written(entry) {
      mirror(entry);
      targets.emitRemote(entry);
      targets.writeQueued();
    },
    updated(entry) {
      mirror(entry);
      targets.writeQueued();
    },
    removed(removed) {
      memory.forget(removed);
      model.remove(removed.moduleId, removed.name, removed.seq);
      // Another tab sent it (the queue is in memory only): changes held for the key go on.
      targets.live?.settled(removed);
    },
    synced(news) {
      if (targets.isFlusher()) return;
      model.state.value = news.state;
      model.online.value = news.online;
      model.lastSyncAt.value = news.lastSyncAt;
    },
    relayed: (message) => targets.live?.relayReceived(message),
  };
}
