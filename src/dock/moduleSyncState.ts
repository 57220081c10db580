import type { FailedWrite, SyncStatus } from '../client/index.ts';

export type ModuleSyncPhase = 'starting' | 'saved' | 'pending' | 'offline' | 'auth' | 'failed';

export interface ModuleSyncState {
  phase: ModuleSyncPhase;
  /** One line for the streamer. */
  text: string;
  /** This module's writes the server refused for good, with the reason. */
  failed: FailedWrite[];
}

/** What the dock says of one module's writes, from the queue status of its kind. */
export function moduleSyncState(status: SyncStatus | null, pending: number, moduleId: string): ModuleSyncState {
  if (!status) return { phase: 'starting', text: 'Connecting…', failed: [] };
  const failed = status.failed.filter((write) => write.moduleId === moduleId);
  const kept = `${pending} change${pending === 1 ? '' : 's'}`;
  if (failed.length > 0) return { phase: 'failed', text: `${failed.length} change${failed.length === 1 ? '' : 's'} refused by the server`, failed };
  if (status.state === 'auth-required') return { phase: 'auth', text: `Waiting for a valid token${pending ? `: ${kept} kept` : ''}`, failed };
  if (!status.online || status.state === 'offline') return { phase: 'offline', text: pending ? `Offline: ${kept} kept, sent when back` : 'Offline', failed };
  if (pending > 0) return { phase: 'pending', text: `Saving ${kept}…`, failed };
  return { phase: 'saved', text: 'All changes saved', failed };
}
