import { signal } from '@preact/signals';
import { describeError, type Kind, type Profile, selectedModules } from '../api/index.ts';

/** Saves a profile and makes the stage's modules see it (PUT /dev/profile, then a profile refresh). */
export type SaveProfile = (profile: Profile) => Promise<void>;

/** The profile editor's draft: the stream's state and the selection of the current kind. */
export class ProfileEditorModel {
  readonly kind = signal<Kind>('tool', { name: 'profile.kind' });
  readonly loaded = signal<Profile | null>(null, { name: 'profile.loaded' });
  readonly live = signal(false, { name: 'profile.live' });
  readonly title = signal('', { name: 'profile.title' });
  readonly viewers = signal(0, { name: 'profile.viewers' });
  readonly selected = signal<readonly string[]>([], { name: 'profile.selected' });
  readonly saving = signal(false, { name: 'profile.saving' });
  readonly error = signal<string | null>(null, { name: 'profile.error' });
  save: SaveProfile | null = null;

  /** Takes a profile as the server has it and resets the draft to it, for the overlay kind on stage. */
  load(profile: Profile, kind: Kind): void {
    const { stream } = profile.twitch;
    this.kind.value = kind;
    this.loaded.value = profile;
    this.live.value = stream.status === 'live';
    this.title.value = stream.title;
    this.viewers.value = stream.viewer;
    this.selected.value = selectedModules(profile, kind);
  }

  /** Changes the draft's stream fields. */
  edit(change: { live?: boolean; title?: string; viewers?: number }): void {
    if (change.live !== undefined) this.live.value = change.live;
    if (change.title !== undefined) this.title.value = change.title;
    if (change.viewers !== undefined && Number.isFinite(change.viewers)) this.viewers.value = change.viewers;
  }

  /** Selects or unselects a module; kinds other than tool hold one module at most. */
  toggle(id: string, on: boolean): void {
    const others = this.selected.peek().filter((known) => known !== id);
    if (this.kind.peek() !== 'tool') this.selected.value = on ? [id] : [];
    else this.selected.value = on ? [...others, id] : others;
  }

  /** The loaded profile with the draft applied. */
  draft(): Profile | null {
    const loaded = this.loaded.peek();
    if (!loaded) return null;
    const profile = structuredClone(loaded);
    profile.twitch.stream.status = this.live.peek() ? 'live' : 'offline';
    profile.twitch.stream.title = this.title.peek();
    profile.twitch.stream.viewer = Math.max(0, Math.round(this.viewers.peek()));
    const kind = this.kind.peek();
    if (kind === 'tool') profile.selected.tools = [...this.selected.peek()];
    else profile.selected[kind] = this.selected.peek()[0] ?? '';
    return profile;
  }

  /** Saves the draft; a refusal lands in `error`. */
  async submit(): Promise<void> {
    const profile = this.draft();
    if (!profile || !this.save || this.saving.peek()) return;
    this.saving.value = true;
    try {
      await this.save(profile);
      this.error.value = null;
    } catch (error) {
      this.error.value = describeError(error);
    } finally {
      this.saving.value = false;
    }
  }
}
