import { defineFigure } from '../Figure.ts';
import { TOOL_TOKEN } from '../harness/openHarness.ts';
import { withHarness } from '../harness/withHarness.ts';
import { makeRow } from '../makeRow.ts';
import { sampleInterleaved } from '../sampleInterleaved.ts';

const WRITES = 1000;

/**
 * 1,000 writes to distinct keys wait in the queue (no token yet); the clock
 * starts when the token arrives and stops when the last one is confirmed. The
 * baseline sends the same 1,000 PATCHes with plain fetch from the same page,
 * one at a time as the queue does, to the same server.
 */
const drain = defineFigure({ name: 'drain', order: 40 }, async (context) => {
  let batch = 0;
  return withHarness(context, { withToken: false }, async (session, server) => {
    const samples = await sampleInterleaved({
      warmup: 1,
      runs: 5,
      variants: {
        queue: async () => {
          const prefix = `drain${batch++}-`;
          await session.harness('enqueue', prefix, WRITES);
          server.resetCount();
          const ms = await session.harness('drain', TOOL_TOKEN);
          if (server.patchCount() !== WRITES) throw new Error(`the queue sent ${server.patchCount()} PATCHes for ${WRITES} writes`);
          return ms;
        },
        fetch: () => session.harness('plainPatches', `plain${batch++}-`, WRITES, TOOL_TOKEN),
      },
    });
    return [
      makeRow({
        name: 'drain',
        title: 'time to drain 1,000 queued writes vs 1,000 plain fetch PATCHes, one at a time',
        unit: 'ms',
        samples: samples.queue,
        baseline: samples.fetch,
        target: { of: 'ratio', op: '<=', limit: 1.25 },
      }),
    ];
  });
});

export default drain;
