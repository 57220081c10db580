import { systemClock } from '../../api/index.ts';
import { DEFAULT_BACKOFF } from '../retry/index.ts';
import { createBatcher } from './createBatcher.ts';
import { createFlusherLock } from './createFlusherLock.ts';
import { createModuleSnapshots } from './createModuleSnapshots.ts';
import { defaultPageEvents, watchPage } from '../tabs/index.ts';
import { createQueueFront } from './createQueueFront.ts';
import type { NewWrite, Space } from './createQueueStore.ts';
import { createReadsInFlight } from './createReadsInFlight.ts';
import { createReadYourWrites } from './createReadYourWrites.ts';
import { createStoringWrites } from './createStoringWrites.ts';
import { applyTabNews } from './applyTabNews.ts';
import type { SyncNews } from './createSyncBroadcast.ts';
import { createTabProtocol } from './createTabProtocol.ts';
import type { DataChange } from './DataChange.ts';
import { openLocalStore } from '../storage/index.ts';
import type { QueueEntry } from './QueueEntry.ts';
import { readValue } from './readValue.ts';
import { reportSendOutcomes } from './reportSendOutcomes.ts';
import { SyncStatusModel } from './SyncStatusModel.ts';
import { createLiveSync } from '../live/index.ts';
import type { WriteQueue, WriteQueueOptions } from './WriteQueue.ts';
import type { SendSide } from './createSendSide.ts';
import { sendSideOnDemand } from './sendSideOnDemand.ts';

/** When the send side's code did not load (the page's server out of reach) while writes wait: the next try. */
export const SEND_SIDE_RETRY_MS = 5000;

/** The overlay page's `prefetchSendSideMs`: once the start is over (WriteQueueOptions). */
export const SEND_SIDE_PREFETCH_MS = 3000;

/**
 * The offline write queue of one data space (userId, kind): see
 * docs/write-queue.md and `WriteQueue` for what it promises.
 */
export function createWriteQueue(options: WriteQueueOptions): WriteQueue {
  const { client, userId, kind, clock = systemClock, random = Math.random } = options;
  if (!client || !userId || !kind) throw new TypeError('createWriteQueue: client, userId and kind are required');
  const space: Space = { userId, kind };
  const store = options.store ?? openLocalStore({ clock });
  const records = createQueueFront(store, space, () => clock.now());
  const model = new SyncStatusModel(store.storage);
  const lock = createFlusherLock({ space, locks: options.locks, store, holder: options.tabId, clock, random });
  const listeners = new Set<(change: DataChange) => void>();
  const enqueueOne = createBatcher((writes: NewWrite[]) => records.enqueue(writes));
  let unwatch: (() => void)[] = [];
  let retryTimer: unknown = null;
  let prefetchTimer: unknown = null;
  let started = false;
  let flusher = false;
  model.online.value = options.onLine ?? globalThis.navigator?.onLine !== false;
  model.state.value = model.online.value ? 'online' : 'offline';

  const canFlush = () => started && (flusher || store.storage.peek() === 'memory');
  const memory = createReadYourWrites();
  const reads = createReadsInFlight();
  /** Writes handed to `enqueue` and not yet stored: a read waits for them, live changes to their keys too. */
  const stores = new Set<Promise<unknown>>();
  const storing = createStoringWrites();
  const snapshots = createModuleSnapshots({ client, records, now: () => clock.now(), onContact: (reached) => onRead(reached) });
  const live = options.live === false ? null : createLiveSync({
    client, clock, random, state: model.live, fallbackReason: model.liveReason, relay: (message) => tabs.relay(message), connection: options.live, events: options.events, news: options.news, alerts: options.alerts,
    isPending: (target) => model.pendingSeq(target) !== undefined || storing.has(target),
    emit: (change) => tellModules(change),
    saveConfirmed: (target, value) => records.saveRead(target.moduleId, target.name, value, clock.now()),
    // A page that only listens makes no HTTP call: the live socket's 4401 is its only sign of a dead token,
    // and it leads to the same `auth-required` (and the same renewal) as a refused write.
    onRefused: () => tellSync(model.setSync('auth-required', true)),
    onAccepted: () => onRead(true),
  });
  const tabs = createTabProtocol({
    name: `overlay-queue:${userId}:${kind}`,
    open: options.openChannel,
    heard: applyTabNews({
      memory, model, live,
      isFlusher: () => flusher,
      emitRemote: (entry) => emit(entry, true),
      writeQueued: () => withSendSide((side) => side.scheduler.writeQueued()),
    }),
  });

  function tellModules(change: DataChange): void {
    reads.told(change);
    for (const listener of listeners) listener(change);
  }

  function emit(entry: QueueEntry, remote = false): void {
    const write = { moduleId: entry.moduleId, name: entry.name, value: entry.value, from: entry.id };
    tellModules({ ...write, ...(remote && { remote }) });
    live?.wrote(write);
  }

  /** The view of the API changed: the flusher's is the one the other tabs show. */
  function tellSync(news: SyncNews): void {
    if (flusher) tabs.tellSync(news);
  }

  const reports = reportSendOutcomes({ model, memory, tabs, live, tellSync, now: () => clock.now() });

  // The send side (when and how to send, retries, settling) loads once writes wait to be
  // sent: a page that only reads never runs it. Writes are stored without it, offline too.
  const sender = sendSideOnDemand({
    store,
    space,
    now: () => clock.now(),
    front: records,
    flush: {
      client,
      latestSeq: (entry) => model.latestSeq(entry),
      onListed: (entries) => model.replaceAll(entries),
      onSettled: reports.onSettled,
    },
    scheduler: {
      clock,
      random,
      backoff: { ...DEFAULT_BACKOFF, ...options.backoff },
      flushDelayMs: options.flushDelayMs ?? 25,
      maxFlushDelayMs: options.maxFlushDelayMs ?? 2000,
      canFlush,
      onBackOff: reports.onBackOff,
      onAuthRequired: reports.onAuthRequired,
      onDrained: reports.onDrained,
    },
  }, options.loadSendSide);

  /** Runs `use` on the send side, loading it first; a load that failed is tried again later (the writes wait in the store). */
  function withSendSide(use: (side: SendSide) => unknown): void {
    if (sender.current) use(sender.current);
    else void sender.load().then(use, retryLater);
  }

  function retryLater(): void {
    if (!started || retryTimer !== null) return;
    retryTimer = clock.setTimeout(() => {
      retryTimer = null;
      void flushStored();
    }, SEND_SIDE_RETRY_MS);
  }

  /** Flushes when there is something to send; without the send side loaded, only writes this queue knows of need it. */
  async function flushIfPending(): Promise<void> {
    if (sender.current) return sender.current.scheduler.flush();
    if (model.pending.peek() === 0) return;
    const side = await sender.load().catch(() => null);
    if (side) await side.scheduler.flush();
    else retryLater();
  }

  /** The same after reading the store again: another tab may have queued writes this one did not hear of. */
  async function flushStored(): Promise<void> {
    if (!sender.current) await reloadMirror();
    await flushIfPending();
  }

  async function reloadMirror(): Promise<void> {
    model.replaceAll(await records.list());
  }

  /** Online again, page visible, a read went through: the flusher tries, the others refresh. */
  function wake(): void {
    live?.wake();
    if (!canFlush()) void reloadMirror();
    else if (sender.current) sender.current.scheduler.wake();
    else void flushStored();
  }

  /** The flusher role came to this tab (`held`) or left it. */
  function roleChanged(held: boolean): void {
    flusher = held;
    tabs.forgetToldSync();
    model.flusher.value = held;
    if (held) {
      live?.gainedRole();
      void flushIfPending();
    } else {
      live?.lostRole();
      sender.current?.scheduler.cancel();
    }
  }

  function resume(): void {
    live?.wake();
    if (model.state.peek() === 'auth-required') tellSync(model.setSync('online'));
    sender.current?.scheduler.resume();
  }

  /** A read reached the API (or not). One that got through ends a pause or a backoff early. */
  function onRead(reached: boolean): void {
    if (!reached) {
      model.online.value = false;
      return;
    }
    const before = model.state.peek();
    tellSync(model.contact(true, clock.now()));
    if (before === 'auth-required') sender.current?.scheduler.resume();
    else if (before !== 'online') wake();
  }

  return {
    space,
    status: model,
    async start() {
      if (started) return;
      started = true;
      tabs.open();
      unwatch = [
        watchPage(options.page ?? defaultPageEvents(), wake),
        store.storage.subscribe(() => void sender.current?.scheduler.flush()),
        client.onTokenChange(resume),
      ];
      await reloadMirror();
      live?.start();
      // The first flush runs on its own: a slow API must not hold up the page's start.
      lock.start(roleChanged);
      if (options.prefetchSendSideMs !== undefined) {
        prefetchTimer = clock.setTimeout(() => {
          prefetchTimer = null;
          if (!sender.current) void sender.load().catch(() => undefined);
        }, options.prefetchSendSideMs);
      }
    },
    stop() {
      if (!started) return;
      started = false;
      for (const timer of [retryTimer, prefetchTimer]) if (timer !== null) clock.clearTimeout(timer);
      retryTimer = prefetchTimer = null;
      lock.stop();
      roleChanged(false);
      live?.stop();
      for (const stopWatching of unwatch) stopWatching();
      unwatch = [];
      tabs.close();
    },
    async enqueue(write) {
      const storeEnded = sender.current?.scheduler.storeStarted();
      const stored = storing.begin(write);
      const pending = enqueueOne(write).finally(() => storeEnded?.());
      stores.add(pending);
      const entry = await pending.finally(() => stores.delete(pending)).catch((error: unknown) => {
        stored();
        // Nothing was queued: changes held for the key go on.
        live?.settled(write);
        throw error;
      });
      memory.remember(entry);
      model.upsert(entry);
      stored();
      emit(entry);
      tabs.tellWritten(entry);
      withSendSide((side) => side.scheduler.writeQueued());
    },
    async read(ownId, key, target) {
      // A write still being stored (the batcher gathers a turn's writes into one transaction) is read back first.
      if (stores.size > 0) await Promise.allSettled([...stores]);
      const pending = memory.pendingValue(target, model.pendingSeq(target));
      if (pending) return pending.value;
      // A change of the key told while the read was out is newer than its answer (createReadsInFlight).
      const value = await reads.around(target, () => readValue({ records, client, now: () => clock.now(), onContact: onRead, snapshots }, ownId, key, target));
      live?.read(target, value);
      return value;
    },
    flush: flushStored,
    resume,
    async retryFailed() {
      const { scheduler, retryFailed } = await sender.forAction();
      for (const entry of await retryFailed()) {
        model.upsert(entry);
        tabs.tellUpdated(entry);
      }
      scheduler.writeQueued();
    },
    async discard(moduleId, name) {
      const seq = model.latestSeq({ moduleId, name }) ?? Number.MAX_SAFE_INTEGER;
      await (await sender.forAction()).discard(moduleId, name);
      memory.drop({ moduleId, name });
      model.remove(moduleId, name, seq);
      tabs.tellRemoved({ moduleId, name, seq });
      live?.settled({ moduleId, name });
    },
    onWrite(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
