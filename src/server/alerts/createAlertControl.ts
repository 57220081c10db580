import { randomUUID } from 'node:crypto';
import {
  ALERT_REPORT_TTL_MS,
  type AlertCommand,
  type AlertQueueCommand,
  type AlertReport,
  type AlertsState,
  type LiveAlertCommandMessage,
  type LiveAlertsMessage,
} from '../../api/index.ts';
import type { AlertStore, AlertSwitchChange, AlertSwitches } from './AlertStore.ts';

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
  // The switches and the report are read at once (one round trip on Redis), also right after a change.
  const state = async (userId: string, switching: Promise<AlertSwitches> = store.switches(userId)): Promise<AlertsState> => {
    const [switches, stored] = await Promise.all([switching, store.report(userId)]);
    const report = stored && now() - stored.at < ALERT_REPORT_TTL_MS ? stored.report : undefined;
    if (!report) return { ...switches, showing: null, waiting: 0 };
    const { showing, waiting, held, dropped } = report;
    return { ...switches, showing, waiting, ...(held && { held }), ...(dropped && { dropped }) };
  };
  // A state that fails to go out is still stored: a page takes it when it reconnects.
  const tellState = async (userId: string, current: AlertsState) => {
    await notices?.alerts(userId, { type: 'alerts', state: current }).catch(() => {});
  };
  // One change of a user's state at a time on this instance: a report's state, read while a mute was being
  // stored, must not go out after the mute's and undo it on the pages (they take each `alerts` message as it comes).
  const turns = new Map<string, Promise<unknown>>();
  const inTurn = <T>(userId: string, work: () => Promise<T>): Promise<T> => {
    const run = (turns.get(userId) ?? Promise.resolve()).then(work, work);
    const done = run.catch(() => undefined);
    turns.set(userId, done);
    void done.then(() => turns.get(userId) === done && turns.delete(userId));
    return run;
  };
  return {
    state: (userId) => state(userId),
    command: (userId, command) => inTurn(userId, () => runCommand(userId, command)),
    report: (userId, report) =>
      inTurn(userId, async () => {
        await store.putReport(userId, { report, at: now() });
        await tellState(userId, await state(userId));
      }),
  };

  async function runCommand(userId: string, command: AlertCommand): Promise<AlertsState> {
    if (command === 'skip' || command === 'clear') {
      // Nothing is stored for these: a command that cannot reach the pages fails (the store's 503).
      await notices?.alerts(userId, { type: 'alertCommand', command, id: newId() });
      return state(userId);
    }
    const current = await state(userId, store.change(userId, SWITCH_CHANGES[command]));
    await tellState(userId, current);
    return current;
  }
}
