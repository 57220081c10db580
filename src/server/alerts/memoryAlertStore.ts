import {
  type AlertStore,
  type AlertSwitches,
  applySwitchChange,
  NO_REVISION,
  newAlertsEpoch,
  type StoredAlertReport,
  type StoredAlertState,
  SWITCHES_OFF,
} from './AlertStore.ts';

interface UserAlerts {
  switches: AlertSwitches;
  report?: StoredAlertReport;
  epoch: string;
  n: number;
}

/**
 * Alert state of the memory store (tests, a one-off `--store memory`): gone on exit. A restarted
 * process draws new epochs, so the pages take its states although its counts start again.
 */
export function createMemoryAlertStore(): AlertStore {
  const users = new Map<string, UserAlerts>();
  const stateOf = (found: UserAlerts | undefined): StoredAlertState =>
    found
      ? { switches: { ...found.switches }, report: found.report && structuredClone(found.report), revision: { epoch: found.epoch, n: found.n } }
      : { switches: { ...SWITCHES_OFF }, report: undefined, revision: { ...NO_REVISION } };
  const bump = (userId: string, write: (user: UserAlerts) => void): StoredAlertState => {
    const user = users.get(userId) ?? { switches: SWITCHES_OFF, epoch: newAlertsEpoch(), n: 0 };
    write(user);
    user.n += 1;
    users.set(userId, user);
    return stateOf(user);
  };
  return {
    async read(userId) {
      return stateOf(users.get(userId));
    },
    async change(userId, change) {
      return bump(userId, (user) => {
        user.switches = applySwitchChange(user.switches, change);
      });
    },
    async putReport(userId, stored) {
      return bump(userId, (user) => {
        user.report = structuredClone(stored);
      });
    },
    async close() {},
  };
}
