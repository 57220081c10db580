import type { Clock } from '../../api/index.ts';
import type { Beat } from './AlertMessage.ts';

interface PageState {
  at: number;
  active: boolean;
  presenting: number | null;
  done: number | null;
}

/** The pages of the queue as their beats describe them; every page keeps one, so a new leader knows them at once. */
export interface PageRoster {
  /** Takes a beat; true when it changes what the leader decides by (a new page, or one (in)active). */
  heard(beat: Beat): boolean;
  leave(page: string): void;
  /** A page said it finished alert `seq`: newer than its last beat. */
  finish(page: string, seq: number): void;
  /** Forgets the pages silent for longer than `staleMs` (closed or crashed) but `self`, and returns them. */
  sweep(self: string): string[];
  ids(): string[];
  /** The pages whose last beat says they show alert `seq`. */
  presenting(seq: number): string[];
  /** Whether a page's last beat says it finished alert `seq` last. */
  finished(seq: number): boolean;
  /** Whether some page is not in OBS's program output. */
  anyInactive(): boolean;
}

export function createPageRoster(clock: Clock, staleMs: number): PageRoster {
  const pages = new Map<string, PageState>();
  return {
    heard(beat) {
      const before = pages.get(beat.page);
      pages.set(beat.page, { at: clock.now(), active: beat.active, presenting: beat.presenting, done: beat.done });
      return before?.active !== beat.active;
    },
    leave: (page) => void pages.delete(page),
    finish(page, seq) {
      const state = pages.get(page);
      if (state) pages.set(page, { ...state, presenting: state.presenting === seq ? null : state.presenting, done: seq });
    },
    sweep(self) {
      const gone = [...pages].filter(([page, state]) => page !== self && clock.now() - state.at > staleMs).map(([page]) => page);
      for (const page of gone) pages.delete(page);
      return gone;
    },
    ids: () => [...pages.keys()],
    presenting: (seq) => [...pages].filter(([, state]) => state.presenting === seq).map(([page]) => page),
    finished: (seq) => [...pages.values()].some((state) => state.done === seq),
    anyInactive: () => [...pages.values()].some((state) => !state.active),
  };
}
