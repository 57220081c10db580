/**
 * Lifecycle of a mounted module: `connecting` until its hello is welcomed,
 * `ready` while its port is open, `restarting` while it waits out a backoff
 * after a failure, `crashed` once it failed `maxRestarts` times in a row.
 */
export type ModulePhase = 'connecting' | 'ready' | 'restarting' | 'crashed';

export interface ModuleState {
  id: string;
  phase: ModulePhase;
  /** Why it last failed (no hello, hung, flooding), or null. */
  lastError: string | null;
  /** Restarts since it was mounted. */
  restarts: number;
}
