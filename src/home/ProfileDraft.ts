import { effect, type Signal, signal } from '@preact/signals';
import type { Profile } from '../api/index.ts';
import { ApiError, errorMessage } from '../client/index.ts';
import type { HomeSession } from './HomeSession.ts';

export type DraftStatus = 'saved' | 'saving' | 'failed';

export interface ProfileDraftOptions<T> {
  session: HomeSession;
  /** The PUT that stores the whole value, e.g. `/me/selected`. */
  path: string;
  /** The value as the profile holds it (the body of that PUT). */
  read(profile: Profile): T;
  name: string;
}

/**
 * One part of the profile the streamer edits (`selected`, `favs`): what the
 * page shows, saved whole with `If-Match` (the profile's ETag). While a save
 * is under way or failed, the shown value is the streamer's and a re-read
 * profile does not replace it; a failure says so (`error`, next to the
 * `control` last changed) until a save succeeds, so no choice is silently lost.
 */
export class ProfileDraft<T> {
  readonly value: Signal<T | null>;
  readonly status: Signal<DraftStatus>;
  readonly error: Signal<string | null>;
  /** The control the streamer used last: where the failure is said. */
  readonly control: Signal<string | null>;
  private readonly options: ProfileDraftOptions<T>;
  private sending = false;
  private again = false;

  constructor(options: ProfileDraftOptions<T>) {
    this.options = options;
    this.value = signal<T | null>(null, { name: `${options.name}.value` });
    this.status = signal<DraftStatus>('saved', { name: `${options.name}.status` });
    this.error = signal<string | null>(null, { name: `${options.name}.error` });
    this.control = signal<string | null>(null, { name: `${options.name}.control` });
    effect(() => {
      const profile = options.session.profile.value;
      if (profile && this.status.peek() === 'saved' && !this.sending) this.value.value = options.read(profile);
    });
  }

  /** Shows `next` at once and saves it. */
  change(next: T, control: string): Promise<void> {
    this.value.value = next;
    this.control.value = control;
    return this.save();
  }

  /** Sends the shown value again (after a failure). */
  retry(): Promise<void> {
    return this.save();
  }

  private async save(): Promise<void> {
    if (this.sending) {
      this.again = true;
      return;
    }
    this.sending = true;
    this.status.value = 'saving';
    const sent = this.value.peek();
    try {
      await this.put(sent);
    } finally {
      this.sending = false;
    }
    if (this.again) {
      this.again = false;
      await this.save();
    }
  }

  private async put(sent: T | null): Promise<void> {
    const { session, path } = this.options;
    try {
      const answer = await session.api.send('PUT', path, { body: sent, ifMatch: session.etag.peek() });
      if (answer.status === 412) return await this.conflict();
      if (answer.status < 200 || answer.status > 299) throw new ApiError('BAD_REQUEST', errorMessage(answer.body, answer.status), answer.status);
      this.error.value = null;
      this.status.value = 'saved';
      session.accept(answer);
    } catch (error) {
      this.fail(`Not saved: ${error instanceof Error ? error.message : String(error)}.`);
    }
  }

  /** Another tab or device saved first: read the profile again, keep the streamer's choice, and say so. */
  private async conflict(): Promise<void> {
    this.fail('Not saved: the profile was changed elsewhere meanwhile. It was read again; your choice is still shown, try again to save it.');
    await this.options.session.reload();
  }

  private fail(message: string): void {
    this.status.value = 'failed';
    this.error.value = message;
  }
}
