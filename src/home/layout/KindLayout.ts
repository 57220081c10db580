import { signal } from '@preact/signals';
import type { Boxes, Kind } from '../../api/index.ts';
import { EtagDraft, type LayoutCalls } from '../../client/index.ts';
import { createUndoStack } from './createUndoStack.ts';

/** What the streamer is told about a layout: loading, saving, saved, a conflict, a failure. */
export interface LayoutStatus {
  tone: 'info' | 'good' | 'warn' | 'bad';
  text: string;
}

/**
 * The stored boxes of one overlay kind and their way to the server: every change
 * is written whole with `If-Match`, one write at a time (an `EtagDraft`: changes
 * made meanwhile go together in the next). A 412 means another tab wrote first: its layout replaces
 * ours on screen and the streamer is told, so nobody's work is undone silently.
 */
export class KindLayout {
  readonly boxes = signal<Boxes>({}, { name: 'layout.boxes' });
  readonly phase = signal<'loading' | 'ready' | 'failed'>('loading', { name: 'layout.phase' });
  readonly status = signal<LayoutStatus | null>(null, { name: 'layout.status' });
  /** A change the server has not stored yet (kept through a failed write, for the retry). */
  readonly unsaved = signal(false, { name: 'layout.unsaved' });
  readonly history = createUndoStack<Boxes>();
  readonly kind: Kind;
  readonly #client: LayoutCalls;
  readonly #etag = signal<string | null>(null, { name: 'layout.etag' });
  readonly #draft: EtagDraft<Boxes>;

  constructor(kind: Kind, client: LayoutCalls) {
    this.kind = kind;
    this.#client = client;
    this.#draft = new EtagDraft({
      etag: this.#etag,
      current: () => this.boxes.peek(),
      write: (boxes, etag) => client.put(kind, boxes, etag),
      onSaving: () => {
        this.status.value = { tone: 'info', text: 'Saving…' };
      },
      onSaved: () => {
        this.unsaved.value = false;
        this.status.value = { tone: 'good', text: 'Saved.' };
      },
      onConflict: () => this.#takeTheirs(),
      onFailed: (error) => {
        this.status.value = { tone: 'bad', text: `Not saved: ${reason(error)}. Your change is kept; try again.` };
      },
    });
  }

  /** Reads the stored layout (again, after a failure). */
  async load(): Promise<void> {
    this.phase.value = 'loading';
    this.status.value = { tone: 'info', text: `Loading the ${this.kind} layout…` };
    try {
      const { layout, etag } = await this.#client.get(this.kind);
      this.#etag.value = etag;
      this.boxes.value = layout.boxes;
      this.phase.value = 'ready';
      this.status.value = null;
    } catch (error) {
      this.phase.value = 'failed';
      this.status.value = { tone: 'bad', text: `Could not load the ${this.kind} layout: ${reason(error)}` };
    }
  }

  /**
   * Reads the stored layout again where nothing here waits to be stored (back from
   * another tab, which may have moved boxes); a layout that changed meanwhile replaces
   * the undo history, whose states no longer apply.
   */
  async refresh(): Promise<void> {
    if (this.phase.peek() !== 'ready' || this.#draft.writing || this.unsaved.peek()) return;
    try {
      const { layout, etag } = await this.#client.get(this.kind);
      if (this.#draft.writing || this.unsaved.peek()) return;
      if (etag === null || etag !== this.#etag.peek()) this.history.clear();
      this.#etag.value = etag;
      this.boxes.value = layout.boxes;
    } catch {
      // Offline for now: the next write says so, and a 412 still guards it.
    }
  }

  /** Shows `next` at once and stores it; `mergeKey` joins it to the change before for undo. */
  change(next: Boxes, mergeKey?: string): void {
    if (this.phase.peek() !== 'ready') return;
    this.history.push(this.boxes.peek(), mergeKey);
    this.boxes.value = next;
    this.save();
  }

  /** Takes back the last change (and stores that); false when there is none. */
  undo(): boolean {
    const before = this.history.pop();
    if (before === undefined) return false;
    this.boxes.value = before;
    this.save();
    return true;
  }

  /** Writes the boxes on screen; while a write is under way, once more after it. */
  save(): void {
    this.unsaved.value = true;
    void this.#draft.save();
  }

  /** Another tab stored a layout since ours was read: show theirs, and say so. */
  async #takeTheirs(): Promise<void> {
    try {
      const { layout, etag } = await this.#client.get(this.kind);
      this.#etag.value = etag;
      this.boxes.value = layout.boxes;
      this.history.clear();
      this.unsaved.value = false;
      this.status.value = { tone: 'warn', text: 'Conflict: this layout was changed in another tab. Showing that layout now; your change was not saved.' };
    } catch (error) {
      this.status.value = { tone: 'bad', text: `This layout was changed in another tab, and it could not be loaded: ${reason(error)}. Your change is kept; try again.` };
    }
  }
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
