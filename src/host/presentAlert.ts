import { ALERT_SECONDS_DEFAULT, type AlertsSwitches, type StreamEvent } from '../api/index.ts';
import { ModuleAlerts } from './ModuleAlerts.ts';
import type { ModuleSupervisor } from './ModuleSupervisor.ts';

/** Numbers the alerts of this page: a module's answer names the alert it was given. */
let alertNumber = 0;

/**
 * Shows one alert of the queue in every alert module (manifest `alerts`) of the page at once;
 * resolves when each is done with it (or its `alertSeconds` passed, or it went away). Never
 * rejects: what a module does with its alert cannot stall the queue or reach another module.
 * Loaded with the first alert (BridgeHub.presentAlert): a page without alert modules never needs it.
 */
export async function presentAlert(
  supervisors: Iterable<ModuleSupervisor>,
  alert: { event: StreamEvent; muted: boolean },
  signal: AbortSignal,
  switches: AlertsSwitches | null,
): Promise<void> {
  alertNumber += 1;
  const start = { n: alertNumber, event: alert.event, muted: alert.muted };
  const members = [...supervisors].filter((supervisor) => supervisor.manifest.alerts === true);
  await Promise.all(
    members.map((supervisor) => {
      const alerts = supervisor.alertsWith(ModuleAlerts);
      // A module mounted after the last change of the switches learns them with its first alert.
      if (switches) alerts.setSwitches(switches);
      return alerts.present(start, supervisor.manifest.alertSeconds ?? ALERT_SECONDS_DEFAULT, signal);
    }),
  );
}

/** The streamer's pause and mute, to every alert module: now, or once it is ready (also after a restart). */
export function setAlertSwitches(supervisors: Iterable<ModuleSupervisor>, switches: AlertsSwitches): void {
  const { paused, muted } = switches;
  for (const supervisor of supervisors) if (supervisor.manifest.alerts === true) supervisor.alertsWith(ModuleAlerts).setSwitches({ paused, muted });
}
