import { isLiveRelay, type LiveRelay } from '../live/index.ts';
import { createTabChannel, type OpenChannel, type TabChannel } from '../tabs/index.ts';
import { createSyncBroadcast, type SyncNews } from './createSyncBroadcast.ts';
import type { QueueEntry } from './QueueEntry.ts';
import { type QueueMessage, QueueMessageSchema, type RemovedEntry } from './QueueMessage.ts';

/** What another tab of the data space told this one. */
export interface TabNews {
  /** A module of another tab wrote: the entry joined the queue. */
  written(entry: QueueEntry): void;
  /** An entry changed place or state (requeued, parked, put back in line). */
  updated(entry: QueueEntry): void;
  /** An entry left the queue (sent, or discarded). */
  removed(removed: RemovedEntry): void;
  /** The flusher's view of the API changed. */
  synced(news: SyncNews): void;
  /** The tab holding the live connection relayed `message`. */
  relayed(message: LiveRelay): void;
}

export interface TabProtocolOptions {
  /** The channel's name: one per data space. */
  name: string;
  open?: OpenChannel;
  heard: TabNews;
}

/** The queue's side of talking to its other tabs: one verb per message, posted once the channel is open. */
export interface TabProtocol {
  open(): void;
  close(): void;
  tellWritten(entry: QueueEntry): void;
  tellUpdated(entry: QueueEntry): void;
  tellRemoved(removed: RemovedEntry): void;
  /** The flusher's view of the API, posted when the others would see a difference (see createSyncBroadcast). */
  tellSync(news: SyncNews): void;
  /** A new flusher starts its news over. */
  forgetToldSync(): void;
  relay(message: LiveRelay): void;
}

/** The protocol between the tabs of one data space: `QueueMessage` over a tab channel. */
export function createTabProtocol(options: TabProtocolOptions): TabProtocol {
  const { heard } = options;
  let channel: TabChannel<QueueMessage> | null = null;
  const post = (message: QueueMessage) => channel?.post(message);
  const syncNews = createSyncBroadcast((news) => post({ t: 'sync', ...news }));

  function receive(message: QueueMessage): void {
    if (isLiveRelay(message)) heard.relayed(message);
    else if (message.t === 'written') heard.written(message.entry);
    else if (message.t === 'updated') heard.updated(message.entry);
    else if (message.t === 'removed') heard.removed({ moduleId: message.moduleId, name: message.name, seq: message.seq });
    else heard.synced({ state: message.state, online: message.online, lastSyncAt: message.lastSyncAt });
  }

  return {
    open() {
      channel ??= createTabChannel<QueueMessage>({ name: options.name, schema: QueueMessageSchema, onMessage: receive, open: options.open });
    },
    close() {
      channel?.close();
      channel = null;
    },
    tellWritten: (entry) => post({ t: 'written', entry }),
    tellUpdated: (entry) => post({ t: 'updated', entry }),
    tellRemoved: (removed) => post({ t: 'removed', ...removed }),
    tellSync: (news) => syncNews.tell(news),
    forgetToldSync: () => syncNews.reset(),
    relay: (message) => post(message),
  };
}
