import type { LiveSync } from '../live/index.ts';
import { ApiError } from '../http/index.ts';
import type { Settled } from './createQueueStore.ts';
import type { ReadYourWrites } from './createReadYourWrites.ts';
import type { SyncNews } from './createSyncBroadcast.ts';
import type { TabProtocol } from './createTabProtocol.ts';
import type { QueueEntry } from './QueueEntry.ts';
import type { SyncStatusModel } from './SyncStatusModel.ts';

export interface SendOutcomeDeps {
  model: SyncStatusModel;
  memory: ReadYourWrites;
  tabs: TabProtocol;
  live: LiveSync | null;
  /** Shares the API's view with the other tabs (the flusher's is the one they show). */
  tellSync(news: SyncNews): void;
  now(): number;
}

/**
 * What the send side reports back to its queue, as the queue acts on it: the
 * status the page and the other tabs show, the writes a read must still see,
 * and the live sync's view of each key. Kept apart from createWriteQueue so
 * that file stays the wiring.
 */
export function reportSendOutcomes({ model, memory, tabs, live, tellSync, now }: SendOutcomeDeps) {
  return {
    onBackOff(answered: boolean, retryAt: number): void {
      model.retryAt.value = retryAt;
      tellSync(model.setSync(answered ? 'backing-off' : 'offline', false));
    },
    onAuthRequired(error: unknown): void {
      model.retryAt.value = null;
      tellSync(model.setSync('auth-required', (error instanceof ApiError && error.status !== null) || model.online.peek()));
    },
    onDrained(): void {
      model.retryAt.value = null;
    },
    onSettled(sent: QueueEntry, settled: Settled): void {
      tellSync(model.contact(settled.outcome === 'confirmed', now()));
      if (settled.outcome === 'confirmed' || settled.outcome === 'gone') {
        memory.forget(sent);
        model.remove(sent.moduleId, sent.name, sent.seq);
        tabs.tellRemoved({ moduleId: sent.moduleId, name: sent.name, seq: sent.seq });
      } else {
        model.upsert(settled.entry);
        tabs.tellUpdated(settled.entry);
      }
      // Every outcome but `parked` follows a 2xx: the server took the write.
      if (settled.outcome === 'parked') live?.settled(sent);
      else live?.accepted({ moduleId: sent.moduleId, name: sent.name, value: sent.value, from: sent.id });
    },
  };
}
