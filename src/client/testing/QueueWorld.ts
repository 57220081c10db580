import type { UseStore } from 'idb-keyval';
import { createDurableStore, type LocalStore, openLocalStore } from '../storage/index.ts';
import { type ApiClient, createApiClient } from '../http/index.ts';
import { createModuleData, type ModuleData } from '../moduleData/index.ts';
import { createWriteQueue, type WriteQueue, type WriteQueueOptions } from '../queue/index.ts';
import { ChannelHub } from './ChannelHub.ts';
import { FakeLocks } from './FakeLocks.ts';
import { FakeServer } from './FakeServer.ts';
import { FakeSockets } from './FakeSockets.ts';
import { ManualClock } from './ManualClock.ts';

let databases = 0;

/** One tab of a test: its own client, local store handle, queue and data seam. */
export interface Tab {
  client: ApiClient;
  store: LocalStore;
  queue: WriteQueue;
  data: ModuleData;
}

export interface TabOptions extends Partial<WriteQueueOptions> {
  token?: string;
}

/**
 * A browser origin for queue tests: one clock, one API, one IndexedDB database
 * (needs `fake-indexeddb/auto`), Web Locks and BroadcastChannels shared by its tabs.
 */
export class QueueWorld {
  readonly clock = new ManualClock();
  readonly server = new FakeServer();
  readonly hub = new ChannelHub();
  readonly locks = new FakeLocks();
  /** The live endpoint's sockets, for tabs made with `live: world.live`. */
  readonly sockets = new FakeSockets();
  readonly live = { openSocket: this.sockets.open, probe: this.sockets.probe };
  readonly useStore: UseStore = createDurableStore(`queue-test-${++databases}-${Date.now()}`, 'entries');
  private readonly tabs: Tab[] = [];

  tab(options: TabOptions = {}): Tab {
    const { token = 'tok-1', ...queueOptions } = options;
    const store = queueOptions.store ?? openLocalStore({ useStore: this.useStore, clock: this.clock, onFallback: () => {} });
    const client = createApiClient({ baseUrl: 'https://api.test', token, fetch: this.server.fetch, clock: this.clock });
    const queue = createWriteQueue({
      client,
      userId: '1001',
      kind: 'tool',
      store,
      clock: this.clock,
      random: () => 0.5,
      locks: this.locks,
      openChannel: this.hub.open,
      page: { window: null, document: null },
      onLine: true,
      tabId: `tab-${this.tabs.length + 1}`,
      live: false,
      ...queueOptions,
    });
    const tab = { client, store, queue, data: createModuleData({ queue }) };
    this.tabs.push(tab);
    return tab;
  }

  /** A tab whose queue has started: loaded, and competing for the flusher role. */
  async startedTab(options: TabOptions = {}): Promise<Tab> {
    const tab = this.tab(options);
    await tab.queue.start();
    return tab;
  }

  /** Stops every tab (call it after each test). */
  close(): void {
    for (const tab of this.tabs) tab.queue.stop();
  }
}
