import { defineFigure } from '../Figure.ts';
import { formatNumber } from '../formatTable.ts';
import { withHarness } from '../harness/withHarness.ts';
import { makeRow } from '../makeRow.ts';
import { sampleInterleaved } from '../sampleInterleaved.ts';
import { summarize } from '../summarize.ts';

/** Writes per sample. */
const BATCH = 100;

/**
 * `Overlay.db.set` until it resolves (the write committed to IndexedDB with
 * strict durability), against a raw MessagePort round trip during which the
 * host does one idb-keyval `set` with the same durability. The note adds the
 * relaxed-durability set (idb-keyval's own store) and the data layer's set alone.
 */
const dbSet = defineFigure({ name: 'db.set', order: 20 }, async (context) => {
  // Without a token the queue never sends: only the local, durable part is measured.
  return withHarness(context, { withToken: false }, async (session) => {
    const samples = await sampleInterleaved({
      warmup: 2,
      runs: 15,
      variants: {
        ours: () => session.probe('sdkSet', BATCH, 'score'),
        raw: () => session.probe('raw', BATCH, 'set-strict'),
        relaxed: () => session.probe('raw', BATCH, 'set-relaxed'),
        local: () => session.harness('timeLocal', BATCH, 'data.set', 'score'),
        idb: () => session.harness('timeLocal', BATCH, 'idb.set', 'raw0'),
        update: () => session.harness('timeLocal', BATCH, 'idb.update', 'raw1'),
      },
    });
    const median = (name: keyof typeof samples) => formatNumber(summarize(samples[name]).median);
    const note =
      `baseline with idb-keyval's own (relaxed) store: ${median('relaxed')} ms; in the host page alone, the data layer's set ` +
      `${median('local')} ms vs one idb-keyval set ${median('idb')} ms, and one strict transaction that reads two keys and writes both ` +
      `(the least a coalescing, ordered queue does) ${median('update')} ms.`;
    return [
      makeRow({ name: 'db.set', title: 'db.set until durably queued', unit: 'ms', samples: samples.ours, baseline: samples.raw, target: { of: 'ratio', op: '<=', limit: 1.3 }, note }),
    ];
  });
});

export default dbSet;
