import type { Redis } from 'ioredis';
import { ALERT_REPORT_TTL_MS, AlertReportSchema } from '../../api/index.ts';
import { escapeKeyPart, guardRedis } from '../store/index.ts';
import type { AlertStore, AlertSwitches } from './AlertStore.ts';

/** Key names, outside the `database:` space the data API reads; shared by every instance. */
export const ALERT_KEYS = {
  /** A hash of `paused` and `muted`, each `1` or `0`. */
  switches: (userId: string) => `alerts:switches:${escapeKeyPart(userId)}`,
  /** The latest report's JSON (`{report, at}`), gone by itself once it no longer counts. */
  report: (userId: string) => `alerts:report:${escapeKeyPart(userId)}`,
};

// One script: a toggle reads and writes in one step, so two instances toggling at once flip twice.
const CHANGE = `local value = ARGV[2]
if value == 'toggle' then
  value = redis.call('HGET', KEYS[1], ARGV[1]) == '1' and '0' or '1'
end
redis.call('HSET', KEYS[1], ARGV[1], value)
return redis.call('HMGET', KEYS[1], 'paused', 'muted')`;

/** Alert state on the store's Redis: every instance reads the same keys and keeps no copy. */
export function createRedisAlertStore(redis: Redis): AlertStore {
  const toSwitches = ([paused, muted]: (string | null)[]): AlertSwitches => ({ paused: paused === '1', muted: muted === '1' });
  return {
    async switches(userId) {
      return toSwitches(await guardRedis(() => redis.hmget(ALERT_KEYS.switches(userId), 'paused', 'muted')));
    },
    async change(userId, { name, to }) {
      const value = to === 'toggle' ? 'toggle' : to ? '1' : '0';
      return toSwitches((await guardRedis(() => redis.eval(CHANGE, 1, ALERT_KEYS.switches(userId), name, value))) as (string | null)[]);
    },
    async putReport(userId, stored) {
      await guardRedis(() => redis.set(ALERT_KEYS.report(userId), JSON.stringify(stored), 'PX', ALERT_REPORT_TTL_MS));
    },
    async report(userId) {
      const json = await guardRedis(() => redis.get(ALERT_KEYS.report(userId)));
      if (json === null) return undefined;
      const { report, at } = JSON.parse(json) as { report: unknown; at: number };
      const parsed = AlertReportSchema.safeParse(report);
      return parsed.success && typeof at === 'number' ? { report: parsed.data, at } : undefined;
    },
    async close() {},
  };
}
