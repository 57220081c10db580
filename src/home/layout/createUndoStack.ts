import { type ReadonlySignal, signal } from '@preact/signals';

export interface UndoStack<T> {
  /** How many changes can be undone. */
  readonly size: ReadonlySignal<number>;
  /**
   * Remembers the state before a change. A change with the same `mergeKey` as the
   * one before it (typing a number digit by digit) joins it: one undo takes back both.
   */
  push(before: T, mergeKey?: string): void;
  /** The state before the last change, forgotten once taken; undefined when there is none. */
  pop(): T | undefined;
  /** Forgets everything (the states no longer apply, e.g. another tab's layout came in). */
  clear(): void;
}

export interface UndoStackOptions {
  /** Changes remembered; the oldest go first. @default 100 */
  limit?: number;
}

/** The undo history of one layout: the states before each change, newest last. */
export function createUndoStack<T>({ limit = 100 }: UndoStackOptions = {}): UndoStack<T> {
  if (!Number.isInteger(limit) || limit < 1) throw new TypeError('createUndoStack: limit must be a positive integer');
  const entries: { before: T; mergeKey: string | undefined }[] = [];
  const size = signal(0, { name: 'layout.undo.size' });
  return {
    size,
    push(before, mergeKey) {
      const last = entries.at(-1);
      if (mergeKey !== undefined && last?.mergeKey === mergeKey) return;
      entries.push({ before, mergeKey });
      if (entries.length > limit) entries.shift();
      size.value = entries.length;
    },
    pop() {
      const entry = entries.pop();
      size.value = entries.length;
      return entry?.before;
    },
    clear() {
      entries.length = 0;
      size.value = 0;
    },
  };
}
