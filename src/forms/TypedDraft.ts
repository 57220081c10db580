import { signal } from '@preact/signals';

interface Typed<T> {
  value: T;
  /** What the field stood for when the person typed: another value since (an undo, a drag) shows instead. */
  basis: unknown;
}

/**
 * What the person is typing into one field, kept on screen until they leave it: a half-typed
 * number (`1` on the way to `120`) is not replaced by the value it stands for, and a value that
 * arrives meanwhile does not take the text from under their fingers. The dock's setting fields
 * and the layout editor's box numbers both keep their text here.
 */
export class TypedDraft<T> {
  private readonly typed = signal<Typed<T> | null>(null, { name: 'typedDraft.typed' });
  private inField = false;

  /** The person entered the field (focus). */
  enter(): void {
    this.inField = true;
  }

  /**
   * The person typed `value` while the field stood for `basis`. It stays on screen while they are in
   * the field, or with `keep` (a refused value stays until they change it).
   */
  type(value: T, { basis, keep = false }: { basis?: unknown; keep?: boolean } = {}): void {
    this.typed.value = this.inField || keep ? { value, basis } : null;
  }

  /** What the field shows: the typed text while the field still stands for what it did, else `current`. */
  shown(current: T, basis?: unknown): T {
    const typed = this.typed.value;
    return typed && typed.basis === basis ? typed.value : current;
  }

  /** The person left the field (blur, or Enter): it shows its value again, unless `keep`. */
  leave({ keep = false }: { keep?: boolean } = {}): void {
    this.inField = false;
    if (!keep) this.typed.value = null;
  }

  /** Shows the value again unless the person is in the field or `keep`. */
  settle({ keep = false }: { keep?: boolean } = {}): void {
    if (!this.inField && !keep) this.typed.value = null;
  }

  /** Drops the typed text now. */
  drop(): void {
    this.typed.value = null;
  }
}
