import { systemClock } from '../../api/index.ts';
import { ApiError } from '../http/index.ts';
import { DEFAULT_BACKOFF } from '../retry/index.ts';
import { createFlusherLock } from './createFlusherLock.ts';
import { createModuleSnapshots } from './createModuleSnapshots.ts';
import { defaultPageEvents, type LockRequester, watchPage } from '../tabs/index.ts';
import { createQueueReader } from './createQueueReader.ts';
import type { Settled, Space } from './createQueueStore.ts';
import { createReadYourWrites } from './createReadYourWrites.ts';
import { applyTabNews } from './applyTabNews.ts';
import type { SyncNews } from './createSyncBroadcast.ts';
import { createTabProtocol } from './createTabProtocol.ts';
import type { DataChange } from './DataChange.ts';
import { openLocalStore } from '../storage/index.ts';
import type { QueueEntry } from './QueueEntry.ts';
import { readValue } from './readValue.ts';
import { SyncStatusModel } from './SyncStatusModel.ts';
import { createLiveSync } from '../live/index.ts';
import type { WriteQueue, WriteQueueOptions } from './WriteQueue.ts';
import { writeEngineOnDemand } from './writeEngineOnDemand.ts';

/**
 * How long after its start a queue loads its write side anyway: off the start's
 * path, yet before a module's first write, which must not depend on reaching the
 * page's server (an offline write is stored, then sent). @default 3 s
 */
export const WRITE_SIDE_WARM_MS = 3000;

/**
 * The offline write queue of one data space (userId, kind): see
 * docs/write-queue.md and `WriteQueue` for what it promises.
 */
export function createWriteQueue(options: WriteQueueOptions): WriteQueue {
  const { client, userId, kind, clock = systemClock, random = Math.random } = options;
  if (!client || !userId || !kind) throw new TypeError('createWriteQueue: client, userId and kind are required');
  const space: Space = { userId, kind };
  const store = options.store ?? openLocalStore({ clock });
  const records = createQueueReader(store, space);
  const model = new SyncStatusModel(store.storage);
  const holder = options.tabId ?? newTabId(random, clock.now());
  const locks = options.locks === undefined ? defaultLocks() : options.locks;
  const lock = createFlusherLock({ space, locks, store, holder, clock });
  const listeners = new Set<(change: DataChange) => void>();
  let unwatch: (() => void)[] = [];
  let warmTimer: unknown = null;
  let started = false;
  let flusher = false;
  model.online.value = options.onLine ?? globalThis.navigator?.onLine !== false;
  model.state.value = model.online.value ? 'online' : 'offline';

  const canFlush = () => started && (flusher || store.storage.peek() === 'memory');
  const memory = createReadYourWrites();
  /** Writes handed to `enqueue` and not yet stored: a read waits for them. */
  const stores = new Set<Promise<unknown>>();
  const snapshots = createModuleSnapshots({ client, records, now: () => clock.now(), onContact: (reached) => onRead(reached) });
  const live = options.live === false ? null : createLiveSync({
    client, clock, random, state: model.live, fallbackReason: model.liveReason, relay: (message) => tabs.relay(message), connection: options.live, events: options.events,
    isPending: (target) => model.pendingSeq(target) !== undefined,
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
      writeQueued: () => void engine.use((engine) => engine.scheduler.writeQueued()),
    }),
  });

  function tellModules(change: DataChange): void {
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

  // The write side (storing, sending, retrying) loads with the first write, or once
  // the queue knows of writes to send: a page that only reads never runs it.
  const engine = writeEngineOnDemand({
    store,
    space,
    now: () => clock.now(),
    reader: records,
    flush: {
      client,
      latestSeq: (entry) => model.latestSeq(entry),
      onListed: (entries) => model.replaceAll(entries),
      onSettled,
    },
    scheduler: {
      clock,
      random,
      backoff: { ...DEFAULT_BACKOFF, ...options.backoff },
      flushDelayMs: options.flushDelayMs ?? 25,
      maxFlushDelayMs: options.maxFlushDelayMs ?? 2000,
      canFlush,
      onBackOff,
      onAuthRequired,
      onDrained,
    },
  });

  /** Flushes when there is something to send; without the write side loaded, only writes this queue knows of need it. */
  async function flushIfPending(): Promise<void> {
    if (engine.current) return engine.current.scheduler.flush();
    if (model.pending.peek() > 0) await engine.use((loaded) => loaded.scheduler.flush());
  }

  /** The same after reading the store again: another tab may have queued writes this one did not hear of. */
  async function flushStored(): Promise<void> {
    if (!engine.current) await reloadMirror();
    await flushIfPending();
  }

  function onBackOff(answered: boolean, retryAt: number): void {
    model.retryAt.value = retryAt;
    tellSync(model.setSync(answered ? 'backing-off' : 'offline', false));
  }

  function onAuthRequired(error: unknown): void {
    model.retryAt.value = null;
    tellSync(model.setSync('auth-required', (error instanceof ApiError && error.status !== null) || model.online.peek()));
  }

  function onDrained(): void {
    model.retryAt.value = null;
  }

  function onSettled(sent: QueueEntry, settled: Settled): void {
    tellSync(model.contact(settled.outcome === 'confirmed', clock.now()));
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
  }

  async function reloadMirror(): Promise<void> {
    model.replaceAll(await records.list());
  }

  /** Online again, page visible, a read went through: the flusher tries, the others refresh. */
  function wake(): void {
    live?.wake();
    if (!canFlush()) void reloadMirror();
    else if (engine.current) engine.current.scheduler.wake();
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
      engine.current?.scheduler.cancel();
    }
  }

  function resume(): void {
    live?.wake();
    if (model.state.peek() === 'auth-required') tellSync(model.setSync('online'));
    engine.current?.scheduler.resume();
  }

  /** A read reached the API (or not). One that got through ends a pause or a backoff early. */
  function onRead(reached: boolean): void {
    if (!reached) {
      model.online.value = false;
      return;
    }
    const before = model.state.peek();
    tellSync(model.contact(true, clock.now()));
    if (before === 'auth-required') engine.current?.scheduler.resume();
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
        store.storage.subscribe(() => void engine.current?.scheduler.flush()),
        client.onTokenChange(resume),
      ];
      await reloadMirror();
      live?.start();
      // The first flush runs on its own: a slow API must not hold up the page's start.
      lock.start(roleChanged);
      const warmMs = options.writeSideWarmMs ?? WRITE_SIDE_WARM_MS;
      if (warmMs !== false) warmTimer = clock.setTimeout(() => void engine.load().catch(() => undefined), warmMs);
    },
    stop() {
      if (!started) return;
      started = false;
      if (warmTimer !== null) clock.clearTimeout(warmTimer);
      warmTimer = null;
      lock.stop();
      roleChanged(false);
      live?.stop();
      for (const stopWatching of unwatch) stopWatching();
      unwatch = [];
      tabs.close();
    },
    async enqueue(write) {
      // Added at once: a read made right after waits for this write, the write side's load included.
      const storing = engine.forWrite().then(({ scheduler, enqueue }) => {
        const storeEnded = scheduler.storeStarted();
        return enqueue(write).finally(storeEnded);
      });
      stores.add(storing);
      const entry = await storing.finally(() => stores.delete(storing));
      memory.remember(entry);
      model.upsert(entry);
      emit(entry);
      tabs.tellWritten(entry);
      engine.current?.scheduler.writeQueued();
    },
    async read(ownId, key, target) {
      // A write still being stored (the batcher gathers a turn's writes into one transaction) is read back first.
      if (stores.size > 0) await Promise.allSettled([...stores]);
      const pending = memory.pendingValue(target, model.pendingSeq(target));
      if (pending) return pending.value;
      const value = await readValue({ records, client, now: () => clock.now(), onContact: onRead, snapshots }, ownId, key, target);
      live?.read(target, value);
      return value;
    },
    flush: flushStored,
    resume,
    async retryFailed() {
      const { scheduler, retryFailed } = await engine.forWrite();
      for (const entry of await retryFailed()) {
        model.upsert(entry);
        tabs.tellUpdated(entry);
      }
      scheduler.writeQueued();
    },
    async discard(moduleId, name) {
      const seq = model.latestSeq({ moduleId, name }) ?? Number.MAX_SAFE_INTEGER;
      await (await engine.forWrite()).discard(moduleId, name);
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

function newTabId(random: () => number, now: number): string {
  return globalThis.crypto?.randomUUID?.() ?? `tab-${Math.floor(random() * 2 ** 52).toString(36)}-${now.toString(36)}`;
}

function defaultLocks(): LockRequester | null {
  return (globalThis.navigator?.locks as LockRequester | undefined) ?? null;
}
