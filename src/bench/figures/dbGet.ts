import { defineFigure, type Row } from '../Figure.ts';
import { formatNumber } from '../formatTable.ts';
import { MEMORY_KEY } from '../harness/HarnessApi.ts';
import type { HarnessSession } from '../harness/openHarness.ts';
import { withHarness } from '../harness/withHarness.ts';
import { makeRow } from '../makeRow.ts';
import { sampleInterleaved } from '../sampleInterleaved.ts';
import { summarize } from '../summarize.ts';

/** Round trips per sample: long enough that the frame's coarse clock (100 µs) does not matter. */
const BATCH = 200;
const KEY = 'pending';

/**
 * `Overlay.db.get` of a key whose write is pending in the local queue (module ->
 * host -> IndexedDB -> module), against a raw MessagePort round trip between the
 * same two frames, and the same read through penpal 7. Two more variants split
 * the figure: a raw round trip with one idb-keyval `get`, and the data layer's
 * read alone in the host page.
 */
const dbGet = defineFigure({ name: 'db.get', order: 10, rows: ['db.get', 'db.get.penpal'] }, async (context) => {
  // Without a token the queue pauses at its first send: the write stays pending locally.
  return withHarness(context, { withToken: false }, async (session) => {
    await session.probe('sdkSet', 1, KEY);
    const status = await session.harness('status');
    if (status.pending !== 1) throw new Error(`expected one pending write, the queue has ${status.pending}`);
    return rows(await measure(session));
  });
});

function measure(session: HarnessSession) {
  return sampleInterleaved({
    warmup: 2,
    runs: 15,
    variants: {
      ours: () => session.probe('sdkGet', BATCH, KEY),
      raw: () => session.probe('raw', BATCH, 'echo'),
      penpal: () => session.probe('penpalGet', BATCH, KEY),
      // Our calls carry a 15 s deadline each; penpal's have none unless asked.
      penpalTimeout: () => session.probe('penpalGet', BATCH, KEY, 15_000),
      rawIdb: () => session.probe('raw', BATCH, 'get'),
      local: () => session.harness('timeLocal', BATCH, 'data.get', KEY),
      // A key the harness answers from memory: the bridge alone, no IndexedDB behind it.
      bridge: () => session.probe('sdkGet', BATCH, MEMORY_KEY),
    },
  });
}

function rows(samples: Awaited<ReturnType<typeof measure>>): Row[] {
  const median = (name: keyof typeof samples) => formatNumber(summarize(samples[name]).median);
  const bridgeRatio = summarize(samples.bridge.map((value, i) => value / samples.raw[i]!)).median;
  const note =
    `raw round trip + one idb-keyval get: ${median('rawIdb')} ms; the data layer's read alone in the host page: ` +
    `${median('local')} ms; the bridge alone (a key answered from memory): ${median('bridge')} ms, ratio ${bridgeRatio.toFixed(2)}. ` +
    'The IndexedDB read, not the bridge, is most of a db.get.';
  const penpalNote = `penpal with a 15 s timeout per call, as ours has: ${median('penpalTimeout')} ms`;
  return [
    makeRow({ name: 'db.get', title: 'db.get round trip, value pending locally', unit: 'ms', samples: samples.ours, baseline: samples.raw, target: { of: 'ratio', op: '<=', limit: 1.5 }, note }),
    makeRow({ name: 'db.get.penpal', title: 'the same db.get, ours vs penpal 7 on the same data layer', unit: 'ms', samples: samples.ours, baseline: samples.penpal, target: { of: 'ratio', op: '<=', limit: 1 }, note: penpalNote }),
  ];
}

export default dbGet;
