import type { LiveAlertCommandMessage, LiveAlertsMessage } from '../../api/index.ts';

/** An alert message of the live socket (docs/alerts.md): the state after a command or a page's report, or skip/clear. */
export type LiveAlertMessage = LiveAlertsMessage | LiveAlertCommandMessage;

/**
 * Where the live socket's alert messages go. Never replayed: each `ready` carries
 * the stored state, handed on as an `alerts` message.
 */
export type LiveAlerts = (message: LiveAlertMessage) => void;

/** The alert messages of one data layer, for whoever listens (the dock's Alerts section, the page's queue). */
export interface LiveAlertsHub {
  /** Hands a message to every listener (the live sync has dropped the states older than one it handed on). */
  receive: LiveAlerts;
  /** A listener hears the newest state at once, if one came; returns the unsubscribe function. */
  listen(listener: LiveAlerts): () => void;
}

export function createLiveAlertsHub(): LiveAlertsHub {
  const listeners = new Set<LiveAlerts>();
  let latest: LiveAlertsMessage | undefined;
  return {
    receive(message) {
      if (message.type === 'alerts') latest = message;
      for (const listener of listeners) listener(message);
    },
    listen(listener) {
      listeners.add(listener);
      // One that starts after the socket's `ready` takes the state from it, with no read of its own.
      if (latest) listener(latest);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
