import type { Figure } from '../Figure.ts';
import { formatNumber } from '../formatTable.ts';
import { openHarness, PROBE_ID, TOOL_TOKEN } from '../harness/openHarness.ts';
import type { HarnessServer } from '../harness/startHarnessServer.ts';
import { makeRow } from '../makeRow.ts';
import { summarize } from '../summarize.ts';

const KEYS = 100;
const ROUNDS = 100;

/**
 * A module fires 10,000 `db.set` at once over 100 keys (round r writes r to
 * every key); the queue flushes to the real server as configured by default.
 * Counted: PATCH requests the server received until the queue drained, against
 * the 100 that one per key would take; checked: every key ends at the last value written.
 */
const coalesce: Figure = {
  name: 'coalesce',
  order: 30,
  rows: ['coalesce'],
  async run(context) {
    const server = await context.harnessServer();
    const session = await openHarness(await context.newBrowserContext(), server, { withToken: true });
    try {
      const sent: number[] = [];
      const burstMs: number[] = [];
      const duringBurst: number[] = [];
      let exact = true;
      for (let run = 0; run < 4; run++) {
        const prefix = `burst${run}-`;
        server.resetCount();
        const ms = await session.probe('burst', prefix, KEYS, ROUNDS);
        const sentMeanwhile = server.patchCount();
        await session.harness('waitDrained');
        const patches = server.patchCount();
        exact &&= await finalValuesExact(server, prefix);
        // The first burst warms up; it is checked but not counted.
        if (run === 0) continue;
        sent.push(patches);
        burstMs.push(ms);
        duringBurst.push(sentMeanwhile);
      }
      const median = (values: number[]) => formatNumber(summarize(values).median);
      const note =
        `the ${KEYS * ROUNDS} db.set took ${median(burstMs)} ms to resolve, and ${median(duringBurst)} PATCHes went out meanwhile ` +
        `(medians); final values ${exact ? 'exact' : 'WRONG'} on the server`;
      return [
        makeRow({
          name: 'coalesce',
          title: 'PATCH requests sent for 10,000 db.set over 100 keys in a burst, vs 100 keys',
          unit: 'PATCH',
          samples: sent,
          baseline: [KEYS],
          target: { of: 'ratio', op: '<=', limit: 1.1, also: 'final values exact' },
          also: exact,
          note,
        }),
      ];
    } finally {
      await session.close();
    }
  },
};

/** True when the server holds the last round's value under every key. */
async function finalValuesExact(server: HarnessServer, prefix: string): Promise<boolean> {
  const headers = { Authorization: `Bearer ${TOOL_TOKEN}` };
  for (let key = 0; key < KEYS; key++) {
    const query = new URLSearchParams({ id: PROBE_ID, key: `${prefix}${key}` });
    const response = await fetch(`${server.apiBase}/me/database?${query}`, { headers });
    const body = (await response.json()) as { value?: unknown };
    if (!response.ok || body.value !== ROUNDS - 1) return false;
  }
  return true;
}

export default coalesce;
