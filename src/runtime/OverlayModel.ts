import { computed, signal } from '@preact/signals-core';
import type { Kind, PublicProfile } from '../api/index.ts';
import type { ModuleState } from '../host/index.ts';

/** A problem the streamer must know about: shown in debug mode, always logged. */
export interface Problem {
  /** Stable key, so a problem that recurs replaces itself instead of piling up. */
  key: string;
  message: string;
}

export type Phase = 'starting' | 'running' | 'failed';

/** The overlay page's state: what it knows, and what went wrong. */
export class OverlayModel {
  readonly phase = signal<Phase>('starting', { name: 'phase' });
  readonly kind = signal<Kind | null>(null, { name: 'kind' });
  readonly profile = signal<PublicProfile | null>(null, { name: 'profile' });
  readonly fromCache = signal(false, { name: 'fromCache' });
  readonly moduleIds = signal<string[]>([], { name: 'moduleIds' });
  /** What the host says of each mounted module: phase, restarts, last error. */
  readonly moduleStates = signal<ModuleState[]>([], { name: 'moduleStates' });
  readonly problems = signal<Problem[]>([], { name: 'problems' });
  readonly hasProblems = computed(() => this.problems.value.length > 0);

  constructor(private readonly log: (line: string) => void = (line) => console.error(line)) {}

  /** Records a problem (replacing one with the same key) and logs its one-line cause. */
  report(key: string, message: string): void {
    this.log(`[overlay] ${message}`);
    const others = this.problems.peek().filter((p) => p.key !== key);
    this.problems.value = [...others, { key, message }];
  }

  /** Forgets a problem that is over. */
  resolve(key: string): void {
    if (this.problems.peek().some((p) => p.key === key)) {
      this.problems.value = this.problems.peek().filter((p) => p.key !== key);
    }
  }

  /** Stops the start: the page stays blank on stream and says why in debug mode. */
  fail(key: string, message: string): void {
    this.report(key, message);
    this.phase.value = 'failed';
  }
}
