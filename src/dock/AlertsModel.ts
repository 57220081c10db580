import { computed, signal } from '@preact/signals';
import type { AlertCommand, AlertsState } from '../api/index.ts';
import { type ApiClient, ApiError, type LiveAlertsHub } from '../client/index.ts';
import { describeAlertState } from './describeAlertState.ts';

/**
 * The dock's Alerts section (docs/alerts.md): the state from `GET /me/alerts` at the start and
 * from the live channel (each `ready` carries it, then the `alerts` messages); the commands go
 * to the API.
 */
export class AlertsModel {
  readonly state = signal<AlertsState | null>(null, { name: 'alerts.state' });
  readonly problem = signal<string | null>(null, { name: 'alerts.problem' });
  /** The API has no alert controls (404: the hosted service): the dock shows no Alerts section. */
  readonly absent = signal(false, { name: 'alerts.absent' });
  readonly line = computed(() => {
    const state = this.state.value;
    return state ? describeAlertState(state) : 'Reading the alert state…';
  });
  /** Counts live states: a read that started before one answers what is stale by then. */
  private heard = 0;
  private stopListening: (() => void) | null = null;

  constructor(private readonly client: Pick<ApiClient, 'alerts' | 'alertCommand'>) {}

  /**
   * Follows the live channel's alert state (absent without a live connection): each `ready` carries the stored
   * state, at the start and after each loss. Unless the channel has already brought one, the stored state is
   * also read at the start, so that an API that cannot be reached, or has no alert controls (404), is said at
   * once; a live state heard meanwhile wins over the read's answer.
   */
  async start(hub: Pick<LiveAlertsHub, 'listen'> | undefined): Promise<void> {
    this.stopListening = hub?.listen((message) => {
      if (message.type !== 'alerts') return;
      this.heard++;
      this.state.value = message.state;
    }) ?? null;
    if (this.heard === 0) await this.read();
  }

  /** Reads the stored state (`GET /me/alerts`); a 404 says the API has no alert controls. */
  async read(): Promise<void> {
    const heard = this.heard;
    try {
      const state = await this.client.alerts();
      if (heard === this.heard) this.state.value = state;
      this.problem.value = null;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) this.absent.value = true;
      this.problem.value = `cannot read the alert state: ${messageOf(error)}`;
    }
  }

  async command(command: AlertCommand): Promise<void> {
    const heard = this.heard;
    try {
      const state = await this.client.alertCommand(command);
      if (heard === this.heard) this.state.value = state;
      this.problem.value = null;
    } catch (error) {
      this.problem.value = `${command} failed: ${messageOf(error)}`;
    }
  }

  stop(): void {
    this.stopListening?.();
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
