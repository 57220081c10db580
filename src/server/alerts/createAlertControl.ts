import { randomUUID } from 'node:crypto';
import {
  ALERT_REPORT_TTL_MS,
  type AlertCommand,
  type AlertQueueCommand,
  type AlertReport,
  type AlertsState,
  type LiveAlertCommandMessage,
  type LiveAlertsMessage,
  type RevisedAlertsState,
} from '../../api/index.ts';
import type { AlertStore, AlertSwitchChange, StoredAlertState } from './AlertStore.ts';

/** How the control reaches every live socket of a user, on every instance (the live feed's notices). */
export interface AlertNotices {
  alerts(userId: string, message: LiveAlertsMessage | LiveAlertCommandMessage): Promise<void>;
}

export interface AlertControlOptions {
  store: AlertStore;
  /** Absent without a live endpoint: commands then only change the stored state, which pages read. */
  notices?: AlertNotices;
  /** @default Date.now */
  now?: () => number;
  /** Names each skip or clear, so that a browser hearing it on several sockets acts once. @default crypto.randomUUID */
  newId?: () => string;
}

/** The streamer's alert controls (docs/alerts.md): the stored switches, the pages' latest report, and the commands. */
export interface AlertControl {
  /** `GET /me/alerts`: the switches and the latest report, if it still counts. */
  state(userId: string): Promise<AlertsState>;
  /** The same with its revision: what a live socket's `ready` carries. */
  current(userId: string): Promise<RevisedAlertsState>;
  /** A state command changes the switches and tells every socket the state; skip and clear go to every socket. Answers the state. */
  command(userId: string, command: AlertCommand): Promise<AlertsState>;
  /** Keeps a page's report and tells every socket the state that follows. */
  report(userId: string, report: AlertReport): Promise<void>;
}

const SWITCH_CHANGES: Record<Exclude<AlertCommand, AlertQueueCommand>, AlertSwitchChange> = {
  pause: { name: 'paused', to: true },
  resume: { name: 'paused', to: false },
  'toggle-pause': { name: 'paused', to: 'toggle' },
  mute: { name: 'muted', to: true },
  unmute: { name: 'muted', to: false },
  'toggle-mute': { name: 'muted', to: 'toggle' },
};

export function createAlertControl({ store, notices, now = Date.now, newId = randomUUID }: AlertControlOptions): AlertControl {
  // The switches, the report and the revision come in one read (one round trip on Redis), also right after a change.
  const revised = async (reading: Promise<StoredAlertState>): Promise<RevisedAlertsState> => {
    const { switches, report: stored, revision } = await reading;
    const report = stored && now() - stored.at < ALERT_REPORT_TTL_MS ? stored.report : undefined;
    if (!report) return { state: { ...switches, showing: null, waiting: 0 }, revision };
    const { showing, waiting, held, dropped } = report;
    return { state: { ...switches, showing, waiting, ...(held && { held }), ...(dropped && { dropped }) }, revision };
  };
  // A state that fails to go out is still stored: a page takes it when it reconnects (its `ready` carries it).
  const tellState = async (userId: string, { state, revision }: RevisedAlertsState) => {
    await notices?.alerts(userId, { type: 'alerts', state, revision }).catch(() => {});
    return state;
  };
  // One change of a user's state at a time on this instance keeps its own messages in their order. Across
  // instances they may still cross on the way: the revision lets the pages drop the older one.
  const turns = new Map<string, Promise<unknown>>();
  const inTurn = <T>(userId: string, work: () => Promise<T>): Promise<T> => {
    const run = (turns.get(userId) ?? Promise.resolve()).then(work, work);
    const done = run.catch(() => undefined);
    turns.set(userId, done);
    void done.then(() => turns.get(userId) === done && turns.delete(userId));
    return run;
  };
  return {
    state: async (userId) => (await revised(store.read(userId))).state,
    current: (userId) => revised(store.read(userId)),
    command: (userId, command) => inTurn(userId, () => runCommand(userId, command)),
    report: (userId, report) =>
      inTurn(userId, async () => {
        await tellState(userId, await revised(store.putReport(userId, { report, at: now() })));
      }),
  };

  async function runCommand(userId: string, command: AlertCommand): Promise<AlertsState> {
    if (command === 'skip' || command === 'clear') {
      // Nothing is stored for these: a command that cannot reach the pages fails (the store's 503).
      await notices?.alerts(userId, { type: 'alertCommand', command, id: newId() });
      return (await revised(store.read(userId))).state;
    }
    return tellState(userId, await revised(store.change(userId, SWITCH_CHANGES[command])));
  }
}
