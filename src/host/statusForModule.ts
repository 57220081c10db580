import type { StatusEvent } from '../api/index.ts';
import type { SyncStatus } from '../client/index.ts';

/**
 * The `status` event as module `moduleId` sees it: the queue's state, and only
 * the failed writes this module made (keys in the form it would write them).
 */
export function statusForModule(moduleId: string, status: SyncStatus): StatusEvent {
  const failed = status.failed
    .filter((write) => write.from === moduleId)
    .map((write) => ({
      key: write.moduleId === moduleId ? write.name : `${write.moduleId}:${write.name}`,
      code: write.code,
      message: write.message,
    }));
  return { online: status.online, pending: status.pending, failed, live: status.live };
}
