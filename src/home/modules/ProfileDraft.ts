import { effect, type Signal, signal } from '@preact/signals';
import type { Profile } from '../../api/index.ts';
import { EtagDraft, type ProfileWrite } from '../../client/index.ts';
import type { HomeSession } from '../HomeSession.ts';

export type DraftStatus = 'saved' | 'saving' | 'failed';

export interface ProfileDraftOptions<T> {
  session: HomeSession;
  /** The PUT that stores the whole value with `If-Match`, e.g. `client.profile.putSelection`. */
  write(value: T, etag: string | null): Promise<ProfileWrite>;
  /** The value as the profile holds it (the body of that PUT). */
  read(profile: Profile): T;
  name: string;
}

/**
 * One part of the profile the streamer edits (`selected`, `favs`): what the
 * page shows, saved whole with `If-Match` (the profile's ETag) by an
 * `EtagDraft`. While a save is under way or failed, the shown value is the
 * streamer's and a re-read profile does not replace it; a failure says so
 * (`error`, next to the `control` last changed) until a save succeeds, so no
 * choice is silently lost.
 */
export class ProfileDraft<T> {
  readonly value: Signal<T | null>;
  readonly status: Signal<DraftStatus>;
  readonly error: Signal<string | null>;
  /** The control the streamer used last: where the failure is said. */
  readonly control: Signal<string | null>;
  private readonly draft: EtagDraft<T | null>;

  constructor({ session, write, read, name }: ProfileDraftOptions<T>) {
    this.value = signal<T | null>(null, { name: `${name}.value` });
    this.status = signal<DraftStatus>('saved', { name: `${name}.status` });
    this.error = signal<string | null>(null, { name: `${name}.error` });
    this.control = signal<string | null>(null, { name: `${name}.control` });
    this.draft = new EtagDraft<T | null>({
      etag: session.etag,
      current: () => this.value.peek(),
      write: async (value, etag) => {
        const answer = await write(value as T, etag);
        if (answer.ok) session.show(answer);
        return answer;
      },
      onSaving: () => {
        this.status.value = 'saving';
      },
      onSaved: () => {
        this.error.value = null;
        this.status.value = 'saved';
      },
      // Another tab or device saved first: read the profile again, keep the streamer's choice, and say so.
      onConflict: () => {
        this.fail('Not saved: the profile was changed elsewhere meanwhile. It was read again; your choice is still shown, try again to save it.');
        return session.reload();
      },
      onFailed: (error) => this.fail(`Not saved: ${error instanceof Error ? error.message : String(error)}.`),
      writeOnAfterFailure: true,
    });
    effect(() => {
      const profile = session.profile.value;
      if (profile && this.status.peek() === 'saved' && !this.draft.writing) this.value.value = read(profile);
    });
  }

  /** Shows `next` at once and saves it. */
  change(next: T, control: string): Promise<void> {
    this.value.value = next;
    this.control.value = control;
    return this.draft.save();
  }

  /** Sends the shown value again (after a failure). */
  retry(): Promise<void> {
    return this.draft.save();
  }

  private fail(message: string): void {
    this.status.value = 'failed';
    this.error.value = message;
  }
}
