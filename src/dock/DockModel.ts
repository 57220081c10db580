import { computed, signal } from '@preact/signals';
import type { DockSession } from './DockSession.ts';

export type DockPhase = 'starting' | 'running' | 'failed';

/** The dock page: what its address opened (one session per overlay kind), or why nothing. */
export class DockModel {
  readonly phase = signal<DockPhase>('starting', { name: 'dock.phase' });
  readonly error = signal<string | null>(null, { name: 'dock.error' });
  readonly sessions = signal<DockSession[]>([], { name: 'dock.sessions' });
  /** What the streamer must do about Twitch (`GET /me/twitch`), or null: nothing, or an API without Twitch. */
  readonly twitch = signal<string | null>(null, { name: 'dock.twitch' });
  /** The streamer's name, once a profile is in. */
  readonly userName = computed(() => this.sessions.value.map((session) => session.overlay.profile.value?.user.userName).find(Boolean) ?? null);

  fail(message: string): void {
    console.error(`[dock] ${message}`);
    this.error.value = message;
    this.phase.value = 'failed';
  }
}
