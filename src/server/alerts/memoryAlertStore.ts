import { type AlertStore, type AlertSwitches, applySwitchChange, type StoredAlertReport, SWITCHES_OFF } from './AlertStore.ts';

/** Alert state of the memory store (tests, a one-off `--store memory`): gone on exit. */
export function createMemoryAlertStore(): AlertStore {
  const switches = new Map<string, AlertSwitches>();
  const reports = new Map<string, StoredAlertReport>();
  return {
    async switches(userId) {
      return { ...(switches.get(userId) ?? SWITCHES_OFF) };
    },
    async change(userId, change) {
      const after = applySwitchChange(switches.get(userId) ?? SWITCHES_OFF, change);
      switches.set(userId, after);
      return { ...after };
    },
    async putReport(userId, stored) {
      reports.set(userId, structuredClone(stored));
    },
    async report(userId) {
      const found = reports.get(userId);
      return found && structuredClone(found);
    },
    async close() {},
  };
}
