import type { SoakPlan } from './SoakPlan.ts';
import type { SoakResult } from './runSoak.ts';
import { percentile } from '../summarize.ts';

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

function spread(label: string, samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  if (sorted.length === 0) return `${label}: none`;
  const at = (p: number) => `${percentile(sorted, p).toFixed(0)} ms`;
  return `${label}: ${sorted.length}, p50 ${at(0.5)}, p99 ${at(0.99)}, max ${at(1)}`;
}

/** The lines the soak prints at the end (and docs/performance.md quotes). */
export function formatSoakReport(plan: SoakPlan, result: SoakResult): string[] {
  const { writes, profileWrites } = result;
  const peaks = result.peaks.map(({ name, bytes }) => `${name} ${bytes.map(mib).join(' then ')}`).join(', ');
  return [
    `soak: ${plan.seconds} s, ${plan.instances} instances on one Redis, ${plan.clients} live clients (${plan.users} users), ${plan.writers} writers at ${plan.writesPerSecond} writes/s, a profile writer at ${plan.profileWritesPerSecond} writes/s`,
    `faults: SIGKILL of one instance at ${plan.killAtMs / 1000} s, back at ${plan.restartAtMs / 1000} s; Redis paused ${plan.pauseMs / 1000} s at ${plan.pauseAtMs / 1000} s`,
    `writes: ${writes.sent} sent (${Math.round(writes.sent / plan.seconds)}/s), ${writes.acked} acked (200), ${writes.failed} failed, ${writes.skipped} ticks skipped (every key of the writer busy or resting)`,
    spread('acks (PATCH sent to 200)', result.acksMs),
    spread('deliveries (PATCH sent to change received)', result.deliveriesMs),
    spread('reconnects (connection lost to ready)', result.reconnectsMs),
    `profile writes: ${profileWrites.sent} sent, ${profileWrites.acked} acked (200), ${profileWrites.failed} failed (each written again after its rest), ${profileWrites.skipped} ticks skipped`,
    spread('profile acks (PUT sent to 200)', result.profileAcksMs),
    spread('selections (PUT /me/selected sent until a client has it: profile, then GET /me)', result.profileDeliveriesMs.selected),
    spread('layouts (PUT /me/layout/tool sent until a client has it: the layout message)', result.profileDeliveriesMs.layout),
    spread('profile changes, both kinds', [...result.profileDeliveriesMs.selected, ...result.profileDeliveriesMs.layout]),
    `resets: ${result.resets}; all clients matched the server's values and profile ${(result.settledMs / 1000).toFixed(1)} s after the writes`,
    `peak RSS (VmHWM): ${peaks}; the soak's own event-loop delay p99 ${result.loopDelayP99Ms.toFixed(0)} ms`,
    result.broken.length === 0 ? 'promises: all kept' : `promises: ${result.broken.length} broken`,
    ...result.broken.slice(0, 30).map((line) => `  BROKEN ${line}`),
  ];
}
