/**
 * `npm run soak -- [--seconds <n>]`: three API instances on one Redis behind
 * a round-robin balancer, live clients and writers, one instance killed and
 * restarted, Redis paused; exits 1 when a promise broke (docs/performance.md, "The soak").
 */
import { openFileLimit } from './fileLimit.ts';
import { parseSoakArgs, SOAK_USAGE } from './parseSoakArgs.ts';
import { runSoak } from './runSoak.ts';
import { planSoak } from './SoakPlan.ts';
import { formatSoakReport } from './soakReport.ts';
import type { SoakServers } from './SoakServers.ts';

const CLIENTS = 2000;
/** Each client holds three descriptors in this process (its socket, and both ends in the balancer); the rest is headroom. */
const FILES_PER_CLIENT = 3;
const SPARE_FILES = 600;

function main(): void {
  let args: ReturnType<typeof parseSoakArgs>;
  try {
    args = parseSoakArgs(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  if (args.help) {
    console.log(SOAK_USAGE);
    return;
  }
  const limit = openFileLimit();
  const clients = Math.max(20, Math.min(CLIENTS, Math.floor((limit - SPARE_FILES) / FILES_PER_CLIENT)));
  if (clients < CLIENTS) console.log(`[soak] open-file limit ${limit} (ulimit -Hn): ${clients} live clients instead of ${CLIENTS}`);
  const plan = planSoak(args.seconds, clients);
  const log = (line: string) => console.log(`[soak] ${((Date.now() - began) / 1000).toFixed(1)} s ${line}`);
  const began = Date.now();
  let servers: SoakServers | undefined;
  process.once('exit', () => servers?.killNow());
  process.once('SIGINT', () => process.exit(130));
  // Bounded: whatever hangs, the run ends.
  const watchdog = setTimeout(() => {
    console.error(`[soak] still running ${args.seconds + 240} s after the start: giving up`);
    process.exit(1);
  }, (args.seconds + 240) * 1000);
  watchdog.unref();
  runSoak(plan, log, (started) => (servers = started)).then(
    (result) => {
      for (const line of formatSoakReport(plan, result)) console.log(line);
      process.exit(result.broken.length === 0 ? 0 : 1);
    },
    (error: unknown) => {
      console.error(`[soak] failed: ${(error as Error).stack ?? error}`);
      process.exit(1);
    },
  );
}

main();
