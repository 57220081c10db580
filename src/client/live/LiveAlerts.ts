import type { LiveAlertCommandMessage, LiveAlertsMessage } from '../../api/index.ts';

/** An alert message of the live socket (docs/alerts.md): the state after a command or a page's report, or skip/clear. */
export type LiveAlertMessage = LiveAlertsMessage | LiveAlertCommandMessage;

/**
 * Where the live socket's alert messages go. Never replayed: after a `ready`
 * that follows a lost connection, read `GET /me/alerts` again.
 */
export type LiveAlerts = (message: LiveAlertMessage) => void;

/** The alert messages of one data layer, for whoever listens (the dock's Alerts section, the page's queue). */
export interface LiveAlertsHub {
  /** Hands a message to every listener. */
  receive: LiveAlerts;
  /** Returns the unsubscribe function. */
  listen(listener: LiveAlerts): () => void;
}

export function createLiveAlertsHub(): LiveAlertsHub {
  const listeners = new Set<LiveAlerts>();
  return {
    receive(message) {
      for (const listener of listeners) listener(message);
    },
    listen(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
