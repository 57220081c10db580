import { defineFigure } from '../Figure.ts';
import { formatNumber } from '../formatTable.ts';
import { type HarnessSession, PROBE_ID, TOOL_TOKEN } from '../harness/openHarness.ts';
import { withHarness } from '../harness/withHarness.ts';
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
const coalesce = defineFigure({ name: 'coalesce', order: 30 }, async (context) => {
  return withHarness(context, { withToken: true }, async (session, server) => {
    // The first burst warms up; it is checked but not counted.
    const bursts: Burst[] = [];
    for (let run = 0; run < 4; run++) bursts.push(await burst(session, server, `burst${run}-`));
    const kept = bursts.slice(1);
    const exact = bursts.every((each) => each.exact);
    const median = (pick: (each: Burst) => number) => formatNumber(summarize(kept.map(pick)).median);
    const note =
      `the ${KEYS * ROUNDS} db.set took ${median((b) => b.ms)} ms to resolve, and ${median((b) => b.duringBurst)} PATCHes ` +
      `went out meanwhile (medians); final values ${exact ? 'exact' : 'WRONG'} on the server`;
    return [
      makeRow({
        name: 'coalesce',
        title: 'PATCH requests sent for 10,000 db.set over 100 keys in a burst, vs 100 keys',
        unit: 'PATCH',
        samples: kept.map((b) => b.sent),
        baseline: [KEYS],
        target: { of: 'ratio', op: '<=', limit: 1.1, also: 'final values exact' },
        also: exact,
        note,
      }),
    ];
  });
});

interface Burst {
  /** PATCH requests until the queue drained. */
  sent: number;
  /** Of them, sent before the last db.set resolved. */
  duringBurst: number;
  /** Until every db.set resolved. */
  ms: number;
  exact: boolean;
}

async function burst(session: HarnessSession, server: HarnessServer, prefix: string): Promise<Burst> {
  server.resetCount();
  const ms = await session.probe('burst', prefix, KEYS, ROUNDS);
  const duringBurst = server.patchCount();
  await session.harness('waitDrained');
  const sent = server.patchCount();
  return { sent, duringBurst, ms, exact: await finalValuesExact(server, prefix) };
}

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
