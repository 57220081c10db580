import { randomBytes } from 'node:crypto';
import type { AlertReport, AlertsRevision } from '../../api/index.ts';

/** The streamer's two stored switches (docs/alerts.md): both off until a command sets one. */
export interface AlertSwitches {
  paused: boolean;
  muted: boolean;
}

/** One switch set on or off, or flipped from what is stored when the command runs (`toggle`). */
export interface AlertSwitchChange {
  name: keyof AlertSwitches;
  to: boolean | 'toggle';
}

/** An overlay page's latest report and when it came (Unix ms). */
export interface StoredAlertReport {
  report: AlertReport;
  at: number;
}

/** The user's stored alert state, read in one step: the switches, the latest report (however old), and its revision. */
export interface StoredAlertState {
  switches: AlertSwitches;
  /** `undefined` when none is kept. */
  report: StoredAlertReport | undefined;
  /** Grows by one with each change and each report, in the same step (AlertsRevisionSchema). */
  revision: AlertsRevision;
}

/**
 * Where the alert state lives (memory, SQLite, Redis): beside the data store,
 * outside the key space the data API can reach, shared by every instance.
 * Stores keep records; how old a report may be is the control's rule (createAlertControl).
 * Each method reads or writes in one atomic step and answers the state as it is then:
 * two instances' answers are ordered by their revisions.
 */
export interface AlertStore {
  /** The user's state; revision `{epoch: '', n: 0}` until something is stored. */
  read(userId: string): Promise<StoredAlertState>;
  /** Applies one change (two toggles on two instances flip twice), bumps the revision, and answers the state after it. */
  change(userId: string, change: AlertSwitchChange): Promise<StoredAlertState>;
  /** Keeps the user's latest report, replacing the one before; bumps the revision and answers the state after it. */
  putReport(userId: string, stored: StoredAlertReport): Promise<StoredAlertState>;
  close(): Promise<void>;
}

/** The revision of a user of whom nothing is stored. */
export const NO_REVISION: AlertsRevision = { epoch: '', n: 0 };

/** Names a new life of a user's stored alert state (the revision's `epoch`). */
export function newAlertsEpoch(): string {
  return randomBytes(6).toString('hex');
}

export const SWITCHES_OFF: AlertSwitches = { paused: false, muted: false };

/** The switches after `change`, from the ones before it. */
export function applySwitchChange(before: AlertSwitches, { name, to }: AlertSwitchChange): AlertSwitches {
  return { ...before, [name]: to === 'toggle' ? !before[name] : to };
}
