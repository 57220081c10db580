import { computed, type ReadonlySignal, type Signal, signal } from '@preact/signals';
import type { HomeSession } from '../HomeSession.ts';

export interface SecretModelOptions {
  session: HomeSession;
  /** The secret as the profile holds it, or null before the profile is in. */
  read(session: HomeSession): string | null;
  /** Makes a new one on the server and puts it in the shown profile. */
  rotate(session: HomeSession): Promise<void>;
  name: string;
}

/**
 * A secret of the profile (an overlay address, the Stream Deck token): hidden
 * until the streamer shows it (the page may be on stream by accident), and
 * replaced by a new one after a confirmation, which ends the old one.
 */
export class SecretModel {
  readonly value: ReadonlySignal<string | null>;
  readonly shown: Signal<boolean>;
  /** The "are you sure" step of a new secret is open. */
  readonly confirming: Signal<boolean>;
  readonly busy: Signal<boolean>;
  /** What happened last, for a status line: a new secret made, or why not. */
  readonly note: Signal<string | null>;
  readonly failed: Signal<boolean>;
  private readonly options: SecretModelOptions;

  constructor(options: SecretModelOptions) {
    this.options = options;
    this.shown = signal(false, { name: `${options.name}.shown` });
    this.confirming = signal(false, { name: `${options.name}.confirming` });
    this.busy = signal(false, { name: `${options.name}.busy` });
    this.note = signal<string | null>(null, { name: `${options.name}.note` });
    this.failed = signal(false, { name: `${options.name}.failed` });
    this.value = computed(() => options.read(options.session));
  }

  toggle(): void {
    this.shown.value = !this.shown.peek();
  }

  /** Makes the new secret (after the confirmation); the old one stops working at once. */
  async renew(doneNote: string): Promise<void> {
    this.confirming.value = false;
    this.busy.value = true;
    try {
      await this.options.rotate(this.options.session);
      this.failed.value = false;
      this.note.value = doneNote;
    } catch (error) {
      this.failed.value = true;
      this.note.value = `Not renewed: ${error instanceof Error ? error.message : String(error)}. The old one still works; try again.`;
    } finally {
      this.busy.value = false;
    }
  }
}
