// The bench's module page script (bundled by esbuild, served as /modules/bench.tool.probe/probe.js
// after /sdk.js): the loops run here, inside the sandboxed module frame, and
// are timed with its own clock, so no Playwright round trip is counted.
import { CallOptions, connect, type RemoteProxy, WindowMessenger } from 'penpal';
import type { OverlayApi } from '../../sdk/index.ts';
import { type ProbeApi, RAW_PORT_HELLO, type RawMode, SAMPLE_VALUE } from './HarnessApi.ts';

type PenpalHost = { get(key: string): Promise<unknown> };

const overlay = (window as unknown as { Overlay: OverlayApi }).Overlay;
const raw = openRawPort();
const penpal = connect<PenpalHost>({ messenger: new WindowMessenger({ remoteWindow: window.parent, allowedOrigins: ['*'] }) }).promise;
let penpalRemote: RemoteProxy<PenpalHost> | undefined;

/** A MessageChannel to the host page, answered by answerRawPort: the floor of any bridge. */
function openRawPort(): (m: RawMode, p: { key: string; value?: unknown }) => Promise<unknown> {
  const { port1, port2 } = new MessageChannel();
  const waiting = new Map<number, (r: unknown) => void>();
  let nextId = 1;
  port1.onmessage = ({ data }: MessageEvent<{ id: number; r: unknown }>) => {
    waiting.get(data.id)?.(data.r);
    waiting.delete(data.id);
  };
  window.parent.postMessage(RAW_PORT_HELLO, '*', [port2]);
  return (m, p) =>
    new Promise((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      port1.postMessage({ v: 1, k: 'req', id, m, p });
    });
}

/** Mean ms of `count` sequential calls of `op`. */
async function timeEach(count: number, op: (i: number) => Promise<unknown>): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < count; i++) await op(i);
  return (performance.now() - start) / count;
}

async function burst(prefix: string, keys: number, rounds: number): Promise<number> {
  const start = performance.now();
  const writes: Promise<void>[] = [];
  for (let round = 0; round < rounds; round++) {
    for (let key = 0; key < keys; key++) writes.push(overlay.db.set(`${prefix}${key}`, round));
  }
  await Promise.all(writes);
  return performance.now() - start;
}

const probe: ProbeApi = {
  async connect() {
    await overlay.ready;
    await raw('echo', { key: 'warm' });
    penpalRemote = await penpal;
  },
  raw: (count, mode) => timeEach(count, (i) => raw(mode, { key: `raw${i % 16}`, value: SAMPLE_VALUE })),
  sdkGet: (count, key) => timeEach(count, () => overlay.db.get(key)),
  penpalGet: (count, key, timeoutMs) =>
    timeEach(count, () => (timeoutMs === undefined ? penpalRemote!.get(key) : penpalRemote!.get(key, new CallOptions({ timeout: timeoutMs })))),
  sdkSet: (count, key) => timeEach(count, () => overlay.db.set(key, SAMPLE_VALUE)),
  burst,
};
(window as unknown as { probe: ProbeApi }).probe = probe;
