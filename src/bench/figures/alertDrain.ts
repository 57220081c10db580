// Node has no IndexedDB and no Web Locks: the queue stores into fake-indexeddb's (an in-process
// IndexedDB with real transactions) and elects its leader with the tests' in-process locks.
import 'fake-indexeddb/auto';
import { measureAlertDrain } from '../../client/testing/measureAlertDrain.ts';
import { FakeLocks } from '../../client/testing/FakeLocks.ts';
import { defineFigure } from '../Figure.ts';
import { makeRow } from '../makeRow.ts';
import { summarize } from '../summarize.ts';

const COUNT = 1000;
const ROUNDS = 5;

/**
 * 1,000 alerts waiting (queued while paused) in the browser's alert queue, every
 * page's modules settling each at once: from the resume until all are done and
 * the queue is empty. The queue's own code (src/client/alerts), two pages on one
 * BroadcastChannel, in Node (fake-indexeddb for IndexedDB, in-process locks for
 * Web Locks). Median of five rounds.
 */
const alertDrain = defineFigure({ name: 'alert.drain', order: 59 }, async () => {
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const drain = await measureAlertDrain({ count: COUNT, pages: 2, locks: new FakeLocks() });
    if (drain.presented.some((presented) => presented !== COUNT)) throw new Error(`alert.drain: presented ${drain.presented.join(', ')} of ${COUNT}`);
    times.push(drain.ms / 1000);
  }
  const { max } = summarize(times);
  return [
    makeRow({
      name: 'alert.drain',
      title: '1,000 waiting alerts whose handlers settle at once, until all are done (2 pages)',
      unit: 's',
      samples: times,
      target: { of: 'value', op: '<=', limit: 2 },
      note: `median of ${ROUNDS} rounds, slowest ${max.toFixed(2)} s; the queue's code in Node (fake-indexeddb, in-process locks), each page presenting every alert`,
    }),
  ];
});

export default alertDrain;
