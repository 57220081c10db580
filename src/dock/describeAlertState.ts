import type { AlertsState } from '../api/index.ts';
import { describeEvent } from './describeEvent.ts';

/**
 * The dock's alert status line (docs/alerts.md): what shows and how many wait,
 * why they wait when they are held, and how many a full queue dropped, e.g.
 * `Showing: raid from Pabu_Master · 3 waiting` or `Paused · 5 waiting`.
 */
export function describeAlertState(state: AlertsState): string {
  const parts: string[] = [];
  if (state.paused) parts.push('Paused');
  if (state.showing) parts.push(`Showing: ${describeShowing(state)}`);
  else if (state.held === 'hidden') parts.push('Held: an overlay is not in OBS’s program output');
  else if (!state.paused) parts.push('Nothing showing');
  parts.push(`${state.waiting} waiting`);
  if (state.muted) parts.push('muted');
  if (state.dropped) parts.push(`${state.dropped} dropped (more than 500 waited)`);
  return parts.join(' · ');
}

function describeShowing({ showing }: AlertsState): string {
  const { what, who } = describeEvent(showing!);
  const name = what.toLowerCase();
  return who ? `${name} from ${who}` : name;
}
