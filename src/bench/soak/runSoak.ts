import { Agent } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { LIVE_PATH } from '../../api/index.ts';
import { checkAckedWrites, checkClients, checkProfiles, type ClientOfUser, type ProfileView, profileDifference, type ServerView, showsServer } from './checkSoak.ts';
import { readProfileView, readServerView } from './readServerView.ts';
import { SoakClient } from './SoakClient.ts';
import type { SoakPlan } from './SoakPlan.ts';
import { type SoakServers, startSoakServers } from './SoakServers.ts';
import { readKey, readTagged } from './soakHttp.ts';
import { PROFILE_SLOTS, type ProfileSlot, profileWrite, SLOT_PATHS } from './soakProfile.ts';
import { keyNames, SOAK_MODULE } from './soakValue.ts';
import { type OwnedKey, SoakWriter } from './SoakWriter.ts';

/** What a soak measured, and every promise it saw broken (empty: all kept). */
export interface SoakResult {
  broken: string[];
  deliveriesMs: number[];
  reconnectsMs: number[];
  /** PATCH sent until its 200. */
  acksMs: number[];
  /** This process's event-loop delay, p99 in ms: when high, the soak itself was the bottleneck. */
  loopDelayP99Ms: number;
  resets: number;
  writes: WriteTotals;
  /** The profile writer's writes, and per slot the time from its PUT until a client has it (over all clients). */
  profileWrites: WriteTotals;
  profileDeliveriesMs: Record<ProfileSlot, number[]>;
  /** PUT sent until its 200. */
  profileAcksMs: number[];
  /** Per instance, the peak RSS of each process it has been (two for the one restarted). */
  peaks: { name: string; bytes: number[] }[];
  settledMs: number;
}

export interface WriteTotals {
  sent: number;
  acked: number;
  failed: number;
  skipped: number;
}

/** Reads of the clients and of the end: a database key, or a profile slot (`GET /me`, `GET /me/layout/tool`). */
interface Reads {
  key(token: string, key: string): Promise<string | undefined>;
  slot(token: string, slot: ProfileSlot): Promise<{ json: string; etag: string }>;
}

/** Time the clients get to connect and authenticate at the start, however loaded the machine. */
const CONNECT_TIMEOUT_MS = 120_000;

const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

/** Runs the whole soak of `plan`; `log` receives a line at each step. */
export async function runSoak(plan: SoakPlan, log: (line: string) => void, onStarted: (servers: SoakServers) => void): Promise<SoakResult> {
  const servers = await startSoakServers(plan.instances, plan.users);
  onStarted(servers);
  const reader = new Agent({ keepAlive: true, maxSockets: 64 });
  const keys = keyNames(plan.keysPerUser);
  const port = servers.balancer.port;
  const read: Reads = {
    key: (token, key) => readKey(reader, port, token, SOAK_MODULE, key),
    slot: (token, slot) => readTagged(reader, port, token, slot === 'selected' ? '/me' : SLOT_PATHS.layout),
  };
  const { clients, deliveriesMs, reconnectsMs, profileDeliveriesMs } = makeClients(plan.clients, servers, keys, read);
  const loop = monitorEventLoopDelay({ resolution: 20 });
  try {
    log(`${plan.instances} instances and Redis up; connecting ${plan.clients} live clients`);
    await connectAll(clients, CONNECT_TIMEOUT_MS);
    const owned = ownKeys(servers, keys);
    const writers = Array.from({ length: plan.writers }, (_, w) => new SoakWriter(owned.filter((_, k) => k % plan.writers === w), port));
    const profileWriter = new SoakWriter(ownSlots(servers), port, profileWrite);
    log(`writing for ${plan.seconds} s`);
    loop.enable();
    await faults(plan, servers, writers, profileWriter, log);
    loop.disable();
    const started = Date.now();
    const server = await readServerView(servers.users, keys, read.key);
    const profiles = await readProfileView(servers.users, read.slot);
    const settled = await settle(clients, server, profiles, plan.settleMs);
    log(settled ? `every client shows the server's values and profile after ${Date.now() - started} ms` : `clients still differ after ${plan.settleMs} ms`);
    const broken = [...checkAckedWrites(owned, server), ...checkClients(clients, server, owned), ...checkProfiles(clients, profiles, profileWriter.keys)];
    return {
      broken,
      deliveriesMs,
      reconnectsMs,
      acksMs: writers.flatMap((writer) => writer.ackMs),
      loopDelayP99Ms: loop.percentile(99) / 1e6,
      resets: clients.reduce((sum, { client }) => sum + client.resets, 0),
      writes: totals(writers),
      profileWrites: totals([profileWriter]),
      profileDeliveriesMs,
      profileAcksMs: profileWriter.ackMs,
      peaks: servers.instances.map((instance) => ({ name: instance.name, bytes: [...instance.peaks] })),
      settledMs: Date.now() - started,
    };
  } finally {
    for (const { client } of clients) client.stop();
    reader.destroy();
    await servers.stop();
  }
}

/** `count` live clients, spread over the users in turn, all through the balancer; they record into the arrays returned. */
function makeClients(count: number, servers: SoakServers, keys: readonly string[], read: Reads) {
  const deliveriesMs: number[] = [];
  const reconnectsMs: number[] = [];
  const profileDeliveriesMs: Record<ProfileSlot, number[]> = { selected: [], layout: [] };
  const url = `ws://127.0.0.1:${servers.balancer.port}${LIVE_PATH}`;
  const clients: ClientOfUser[] = Array.from({ length: count }, (_, i) => {
    const user = servers.users[i % servers.users.length]!;
    const client = new SoakClient({
      url,
      token: user.token,
      keys,
      read: read.key,
      onDelivery: (ms) => deliveriesMs.push(ms),
      onReconnect: (ms) => reconnectsMs.push(ms),
      readProfile: read.slot,
      onProfileDelivery: (slot, ms) => profileDeliveriesMs[slot].push(ms),
    });
    return { client, user };
  });
  return { clients, deliveriesMs, reconnectsMs, profileDeliveriesMs };
}

function totals(writers: readonly SoakWriter[]): WriteTotals {
  const sum = { sent: 0, acked: 0, failed: 0, skipped: 0 };
  for (const writer of writers) {
    sum.sent += writer.sent;
    sum.acked += writer.acked;
    sum.failed += writer.failed;
    sum.skipped += writer.skipped;
  }
  return sum;
}

/** The writes and the schedule of faults: kill, restart, Redis paused and resumed. */
async function faults(plan: SoakPlan, servers: SoakServers, writers: SoakWriter[], profileWriter: SoakWriter, log: (line: string) => void): Promise<void> {
  const t0 = Date.now();
  for (const writer of writers) writer.start(plan.writesPerSecond / plan.writers);
  profileWriter.start(plan.profileWritesPerSecond);
  const victim = servers.instances[1 % servers.instances.length]!;
  await sleepUntil(t0 + plan.killAtMs);
  log(`${victim.name}: SIGKILL`);
  await victim.kill();
  await sleepUntil(t0 + plan.restartAtMs);
  log(`${victim.name}: starting again`);
  await victim.start();
  await sleepUntil(t0 + plan.pauseAtMs);
  log(`Redis: SIGSTOP for ${plan.pauseMs} ms`);
  servers.redis.signal('SIGSTOP');
  await sleepUntil(t0 + plan.pauseAtMs + plan.pauseMs);
  servers.redis.signal('SIGCONT');
  log('Redis: SIGCONT');
  await sleepUntil(t0 + plan.seconds * 1000);
  // A profile write that failed may be applied without its notice: it is retried, as the page that saved it would.
  await Promise.all([...writers.map((writer) => writer.stop()), profileWriter.stop(true)]);
  log('writes stopped');
}

/** Every user's keys, owned by the writers in turn. */
function ownKeys(servers: SoakServers, keys: readonly string[]): OwnedKey[] {
  return servers.users.flatMap((user) => keys.map((key) => ({ user, key, next: 1, acked: [], busyUntil: 0 })));
}

/** Both profile slots of every user, all owned by the one profile writer. */
function ownSlots(servers: SoakServers): OwnedKey[] {
  return servers.users.flatMap((user) => PROFILE_SLOTS.map((key) => ({ user, key, next: 1, acked: [], busyUntil: 0 })));
}

/** Waits until every client shows the server's values and profile, or `timeoutMs` passes; true when they all do. */
async function settle(clients: readonly ClientOfUser[], server: ServerView, profiles: ProfileView, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (clients.every((each) => showsServer(each, server) && profileDifference(each, profiles) === undefined)) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

/** Connects the clients a hundred at a time (a burst of thousands overflows the listen backlog), within `timeoutMs`. */
async function connectAll(clients: readonly ClientOfUser[], timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`live clients not all ready within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    for (let i = 0; i < clients.length; i += 100) {
      await Promise.race([Promise.all(clients.slice(i, i + 100).map(({ client }) => client.start())), timeout]);
    }
  } finally {
    clearTimeout(timer);
  }
}
