/** A whole write's outcome as the draft needs it: stored (with the new ETag), or refused by `If-Match` (412). */
export type EtagWriteResult = { ok: true; etag: string | null } | { ok: false; conflict: true };

/** Where the ETag the next write must match lives (a signal, or a plain holder). */
export interface EtagHolder {
  peek(): string | null;
  value: string | null;
}

export interface EtagDraftOptions<T> {
  /** The ETag of the value read; a stored write replaces it. */
  etag: EtagHolder;
  /** The value to store, read at each write: changes made during one go together in the next. */
  current(): T;
  /** Stores the whole value with `If-Match: <etag>`; rejects for any failure but the 412. */
  write(value: T, etag: string | null): Promise<EtagWriteResult>;
  /** A write starts. */
  onSaving(): void;
  /** The last write stored everything shown. */
  onSaved(): void;
  /** Another tab or device wrote first (412): read again and say so. */
  onConflict(): Promise<void>;
  /** A write failed with `error`. */
  onFailed(error: unknown): void;
  /**
   * After a failed or refused write, whether a change made meanwhile is still written. The
   * profile's choices do (each is the streamer's latest word); a layout waits for the next change.
   * @default false
   */
  writeOnAfterFailure?: boolean;
}

/**
 * A value edited on the page and saved whole with `If-Match`, one write at a
 * time: a save asked for while one is under way runs once after it, with what
 * is shown then. A 412 never overwrites another tab's write: the owner reads
 * again and says so. Serves the profile's parts (home/modules) and the layouts
 * (home/layout), which differ only in what they show.
 */
export class EtagDraft<T> {
  readonly #options: EtagDraftOptions<T>;
  #writing = false;
  #again = false;

  constructor(options: EtagDraftOptions<T>) {
    this.#options = options;
  }

  /** Whether a write is under way (a re-read must not replace what is being stored). */
  get writing(): boolean {
    return this.#writing;
  }

  /** Stores the current value; while a write is under way, once more after it. */
  async save(): Promise<void> {
    if (this.#writing) {
      this.#again = true;
      return;
    }
    this.#writing = true;
    try {
      await this.#writeUntilStored();
    } finally {
      this.#writing = false;
    }
  }

  async #writeUntilStored(): Promise<void> {
    const options = this.#options;
    let stored: boolean;
    do {
      this.#again = false;
      options.onSaving();
      stored = await this.#writeOnce();
      if (!stored && !options.writeOnAfterFailure) return;
    } while (this.#again);
    if (stored) options.onSaved();
  }

  async #writeOnce(): Promise<boolean> {
    const options = this.#options;
    try {
      const result = await options.write(options.current(), options.etag.peek());
      if (result.ok) {
        options.etag.value = result.etag;
        return true;
      }
      await options.onConflict();
    } catch (error) {
      options.onFailed(error);
    }
    return false;
  }
}
