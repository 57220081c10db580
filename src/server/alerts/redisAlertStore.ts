import type { Redis } from 'ioredis';
import { ALERT_REPORT_TTL_MS, AlertReportSchema } from '../../api/index.ts';
import { escapeKeyPart, guardRedis } from '../store/index.ts';
import { type AlertStore, newAlertsEpoch, type StoredAlertReport, type StoredAlertState } from './AlertStore.ts';

/** Key names, outside the `database:` space the data API reads; shared by every instance. */
export const ALERT_KEYS = {
  /** A hash of `paused` and `muted` (each `1` or `0`) and the revision: `epoch` and `n`. */
  switches: (userId: string) => `alerts:switches:${escapeKeyPart(userId)}`,
  /** The latest report's JSON (`{report, at}`), gone by itself once it no longer counts. */
  report: (userId: string) => `alerts:report:${escapeKeyPart(userId)}`,
};

// Every script ends by reading the whole state, so a write and the state it answers are one step.
const READ = `local state = redis.call('HMGET', KEYS[1], 'paused', 'muted', 'epoch', 'n')
state[5] = redis.call('GET', KEYS[2])
return state`;
// A write bumps the revision in its own step: two instances' states are ordered as their writes were.
// The epoch is drawn with the hash: a hash that was lost (Redis emptied) starts a count of its own.
const BUMP = `redis.call('HSETNX', KEYS[1], 'epoch', ARGV[1])
redis.call('HINCRBY', KEYS[1], 'n', 1)
`;
// A toggle reads and writes in one step, so two instances toggling at once flip twice.
const CHANGE = `local value = ARGV[3]
if value == 'toggle' then
  value = redis.call('HGET', KEYS[1], ARGV[2]) == '1' and '0' or '1'
end
redis.call('HSET', KEYS[1], ARGV[2], value)
${BUMP}${READ}`;
const REPORT = `redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[3])
${BUMP}${READ}`;

type Reply = [string | null, string | null, string | null, string | null, string | null];

/** Alert state on the store's Redis: every instance reads the same keys and keeps no copy. */
export function createRedisAlertStore(redis: Redis): AlertStore {
  const run = async (script: string, userId: string, ...args: (string | number)[]) =>
    toState((await guardRedis(() => redis.eval(script, 2, ALERT_KEYS.switches(userId), ALERT_KEYS.report(userId), ...args))) as Reply);
  return {
    read: (userId) => run(READ, userId),
    change: (userId, { name, to }) => run(CHANGE, userId, newAlertsEpoch(), name, to === 'toggle' ? 'toggle' : to ? '1' : '0'),
    putReport: (userId, stored) => run(REPORT, userId, newAlertsEpoch(), JSON.stringify(stored), ALERT_REPORT_TTL_MS),
    async close() {},
  };
}

function toState([paused, muted, epoch, n, report]: Reply): StoredAlertState {
  return { switches: { paused: paused === '1', muted: muted === '1' }, report: parseReport(report), revision: { epoch: epoch ?? '', n: Number(n ?? 0) } };
}

function parseReport(json: string | null): StoredAlertReport | undefined {
  if (json === null) return undefined;
  const { report, at } = JSON.parse(json) as { report: unknown; at: number };
  const parsed = AlertReportSchema.safeParse(report);
  return parsed.success && typeof at === 'number' ? { report: parsed.data, at } : undefined;
}
