import type { AlertReport } from '../../api/index.ts';

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

/**
 * Where the alert state lives (memory, SQLite, Redis): beside the data store,
 * outside the key space the data API can reach, shared by every instance.
 * Stores keep records; how old a report may be is the control's rule (createAlertControl).
 */
export interface AlertStore {
  /** The user's switches. */
  switches(userId: string): Promise<AlertSwitches>;
  /** Applies one change in one step (two toggles on two instances flip twice) and answers the switches after it. */
  change(userId: string, change: AlertSwitchChange): Promise<AlertSwitches>;
  /** Keeps the user's latest report, replacing the one before. */
  putReport(userId: string, stored: StoredAlertReport): Promise<void>;
  /** The user's latest report, however old; `undefined` when none is kept. */
  report(userId: string): Promise<StoredAlertReport | undefined>;
  close(): Promise<void>;
}

export const SWITCHES_OFF: AlertSwitches = { paused: false, muted: false };

/** The switches after `change`, from the ones before it. */
export function applySwitchChange(before: AlertSwitches, { name, to }: AlertSwitchChange): AlertSwitches {
  return { ...before, [name]: to === 'toggle' ? !before[name] : to };
}
