import type { Clock, Json, Kind, ResolvedKey } from '../../api/index.ts';
import type { BackoffOptions } from '../retry/index.ts';
import type { ApiClient } from '../http/index.ts';
import type { LockRequester, OpenChannel, PageEvents } from '../tabs/index.ts';
import type { NewWrite, Space } from './createQueueStore.ts';
import type { LiveAlerts, LiveEventsHook, LiveNews, LiveTransport } from '../live/index.ts';
import type { LocalStore } from '../storage/index.ts';
import type { DataChange } from './DataChange.ts';
import type { LoadSendSide } from './sendSideOnDemand.ts';
import type { SyncStatusSignals } from './SyncStatusModel.ts';

export interface WriteQueueOptions {
  /** Sends with its current token, which must belong to (userId, kind). */
  client: ApiClient;
  userId: string;
  kind: Kind;
  /** The page's local store; share one per page. @default openLocalStore() */
  store?: LocalStore;
  /** @default systemClock */
  clock?: Clock;
  /** @default Math.random */
  random?: () => number;
  /** Web Locks; null uses a lease in the store. @default navigator.locks where present */
  locks?: LockRequester | null;
  /** @default a BroadcastChannel where present */
  openChannel?: OpenChannel;
  /** Where `online` and `visibilitychange` fire. @default the page's window and document */
  page?: PageEvents;
  /**
   * A write after this much quiet (nothing stored, sent or due meanwhile) is sent
   * at once; within a burst, the quiet after the latest write before flushing (a
   * debounce: each write pushes the flush back), so a burst goes out once per key. @default 25
   */
  flushDelayMs?: number;
  /**
   * Longest wait from the first unsent write to its flush, so a module that never
   * stops writing still reaches the server. @default 2000
   */
  maxFlushDelayMs?: number;
  /** @default DEFAULT_BACKOFF (1 s base, 60 s cap, Retry-After honoured up to 15 min) */
  backoff?: Partial<BackoffOptions>;
  /** First guess of connectivity before any request. @default navigator.onLine */
  onLine?: boolean;
  /**
   * Live changes from `/me/database/changes`, held by the flusher tab and relayed to the
   * others; false turns them off. @default a browser WebSocket and a fetch probe
   */
  live?: LiveTransport | false;
  /** Stream events on the live connection (src/client/events). @default none */
  events?: LiveEventsHook;
  /** Profile and layout news on the live connection (the overlay page re-reads or moves frames). @default none */
  news?: LiveNews;
  /** The alert state and commands on the live connection (docs/alerts.md). @default none */
  alerts?: LiveAlerts;
  /** Loads the send side (createSendSide). @default a dynamic import of createSendSide.ts */
  loadSendSide?: LoadSendSide;
  /**
   * Fetches the send side's code this long after `start()` if no write needed it yet,
   * so that a page's server going away later cannot keep a write unsent (a browser
   * may keep a failed dynamic import failed until the page reloads); the page passes
   * SEND_SIDE_PREFETCH_MS. @default never: only when a write needs it
   */
  prefetchSendSideMs?: number;
  /** This page's id as a lease holder. @default crypto.randomUUID(), or a random string */
  tabId?: string;
}

/** The offline write queue of one data space (userId, kind). */
export interface WriteQueue {
  readonly space: Space;
  readonly status: SyncStatusSignals;
  /** Loads the queue and competes for the flusher role; the flusher then flushes (await `flush()` to wait for it). */
  start(): Promise<void>;
  /** Stops flushing and listening; the queue stays in storage for the next start. */
  stop(): void;
  /** Queues a write; resolves once it is durably stored (IndexedDB transaction committed). */
  enqueue(write: NewWrite): Promise<void>;
  /** Reads (moduleId, name) as module `ownId` addressed it with `key`. */
  read(ownId: string, key: string, target: ResolvedKey): Promise<Json | undefined>;
  /** Flushes now if this tab is the flusher and nothing holds the queue back. */
  flush(): Promise<void>;
  /** Leaves `auth-required` and flushes; `client.setToken` calls it for you. */
  resume(): void;
  /** Puts every parked write back in line. */
  retryFailed(): Promise<void>;
  /** Drops one queued write (a person's decision: nothing expires by itself). */
  discard(moduleId: string, name: string): Promise<void>;
  /** Every write to this space, from this tab, another tab, or (live sync) another client. */
  onWrite(listener: (change: DataChange) => void): () => void;
}
