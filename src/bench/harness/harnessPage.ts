// The bench's host page (bundled by esbuild, served as /bench/harness.js): the
// real write queue, data seam and module host, wired as the overlay page wires
// them, plus the raw and penpal ends of the baselines.
import { get, set } from 'idb-keyval';
import { connect, WindowMessenger } from 'penpal';
import type { Json } from '../../api/index.ts';
import { type ApiClient, createApiClient, createModuleData, createWriteQueue, openLocalStore, type SyncStatus, type WriteQueue } from '../../client/index.ts';
import { createModuleHost, type ModuleHost } from '../../host/index.ts';
import { isolateModuleSites } from '../../runtime/index.ts';
import { answerRawPort } from './answerRawPort.ts';
import { type HarnessApi, type HarnessSetup, type LocalOp, MEMORY_KEY, SAMPLE_VALUE } from './HarnessApi.ts';
import { plainPatches } from './plainPatches.ts';
import { rawStores } from './rawStores.ts';

interface Wired {
  client: ApiClient;
  queue: WriteQueue;
  data: ReturnType<typeof createModuleData>;
  host: ModuleHost;
  options: HarnessSetup;
}

let wired: Wired | undefined;
function need(): Wired {
  if (!wired) throw new Error('harness.setup() first');
  return wired;
}

function probeFrame(): HTMLIFrameElement | null {
  return document.querySelector<HTMLIFrameElement>('iframe[data-module-id]');
}

/** Resolves once `test` holds for the queue's status (checked now and on every change). */
async function waitForStatus(queue: WriteQueue, test: (status: SyncStatus) => boolean): Promise<void> {
  let stop = () => {};
  await new Promise<void>((resolve) => {
    stop = queue.status.status.subscribe((status) => {
      if (test(status)) resolve();
    });
  });
  stop();
}

function mountProbe(host: ModuleHost, options: HarnessSetup): Promise<void> {
  const entry = { id: options.moduleId, url: options.probePath, name: 'Bench probe', kind: 'tool' as const, width: 320, height: 180 };
  const ready = new Promise<void>((resolve) => {
    host.onState((state) => state.phase === 'ready' && resolve());
  });
  host.mount(isolateModuleSites([entry], new URL(location.href)).entries[0]!);
  return ready;
}

/**
 * The data seam, except that `MEMORY_KEY` is answered from memory at once: with
 * it, a bridge figure measures the bridge alone, with no IndexedDB read behind it.
 */
function withMemoryKey(data: Wired['data']): Wired['data'] {
  return { ...data, get: (ownId, key) => (key === MEMORY_KEY ? Promise.resolve(SAMPLE_VALUE) : data.get(ownId, key)) };
}

/** Penpal 7's parent end, calling the same data seam as the bridge. */
function servePenpal(data: Wired['data'], moduleId: string): void {
  const frame = probeFrame()!.contentWindow!;
  const messenger = new WindowMessenger({ remoteWindow: frame, allowedOrigins: ['*'] });
  connect({ messenger, methods: { get: (key: string) => data.get(moduleId, key) } });
}

async function setup(options: HarnessSetup): Promise<void> {
  const client = createApiClient({ baseUrl: options.apiBase, token: options.token ?? undefined });
  const queue = createWriteQueue({ client, userId: options.userId, kind: 'tool', store: openLocalStore(), flushDelayMs: options.flushDelayMs });
  await queue.start();
  const data = createModuleData({ queue });
  const host = createModuleHost({
    container: document.getElementById('stage')!,
    data: withMemoryKey(data),
    kind: 'tool',
    getProfile: async () => options.profile as never,
    framesShareProcess: false,
    // The bench's loops send far more than a module normally does; the guard's count still runs.
    limits: { maxMessagesPerSecond: 1e9 },
  });
  wired = { client, queue, data, host, options };
  await mountProbe(host, options);
  servePenpal(withMemoryKey(data), options.moduleId);
}

async function enqueue(prefix: string, count: number): Promise<void> {
  const { data, options } = need();
  const writes = Array.from({ length: count }, (_, i) => data.set(options.moduleId, `${prefix}${i}`, { i, prefix } as Json));
  await Promise.all(writes);
}

async function drain(token: string): Promise<number> {
  const { client, queue } = need();
  await waitForStatus(queue, (status) => status.state === 'auth-required');
  const start = performance.now();
  client.setToken(token);
  await waitForStatus(queue, (status) => status.pending === 0);
  const ms = performance.now() - start;
  client.setToken(undefined);
  return ms;
}

/** Mean ms of `count` sequential calls of `op`. */
async function timeEach(count: number, op: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < count; i++) await op();
  return (performance.now() - start) / count;
}

const stores = rawStores();

function localOp(op: LocalOp, key: string): () => Promise<unknown> {
  const { data, options } = need();
  if (op === 'data.get') return () => data.get(options.moduleId, key);
  if (op === 'data.set') return () => data.set(options.moduleId, key, SAMPLE_VALUE);
  if (op === 'idb.get') return () => get(key, stores.strict);
  if (op === 'idb.update') return () => readThenWrite(key);
  return () => set(key, SAMPLE_VALUE, stores.strict);
}

/** Reads a counter and an entry, then writes both, in one strict transaction. */
function readThenWrite(key: string): Promise<void> {
  return stores.strict(
    'readwrite',
    (store) =>
      new Promise<void>((resolve, reject) => {
        const counter = store.get(`${key}:seq`);
        const entry = store.get(key);
        entry.onsuccess = () => {
          store.put(((counter.result as number | undefined) ?? 0) + 1, `${key}:seq`);
          store.put({ previous: entry.result ?? null, value: SAMPLE_VALUE }, key);
        };
        store.transaction.oncomplete = () => resolve();
        store.transaction.onerror = () => reject(store.transaction.error);
      }),
  );
}

const harness: HarnessApi = {
  setup,
  setToken: (token) => need().client.setToken(token ?? undefined),
  status: () => need().queue.status.status.peek(),
  waitDrained: () => waitForStatus(need().queue, (status) => status.pending === 0 && status.state === 'online'),
  enqueue,
  drain,
  timeLocal: (count, op, key) => timeEach(count, localOp(op, key)),
  plainPatches: (prefix, count, token) => plainPatches({ apiBase: need().options.apiBase, moduleId: need().options.moduleId, prefix, count, token }),
};

answerRawPort(() => probeFrame()?.contentWindow ?? null, stores);
(window as unknown as { harness: HarnessApi }).harness = harness;
