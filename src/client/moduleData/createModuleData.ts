import { type Json, OverlayError, resolveKey } from '../../api/index.ts';
import { assertJsonValue } from './assertJsonValue.ts';
import type { WriteQueue } from '../queue/index.ts';
import type { ModuleData } from './ModuleData.ts';

export interface ModuleDataOptions {
  queue: WriteQueue;
  /** Where unexpected failures are logged before modules get a bare `INTERNAL`. @default console.error */
  log?: (message: string, error: unknown) => void;
}

/**
 * The data seam the module host calls, over the write queue. Bad input (an
 * invalid key, a value that is not JSON or is too large) is refused before
 * anything is queued; errors are OverlayErrors.
 */
export function createModuleData({ queue, log = console.error }: ModuleDataOptions): ModuleData {
  /** Only OverlayErrors cross the bridge; anything else is our fault, said without details. */
  const asOverlayError = (error: unknown): never => {
    if (error instanceof OverlayError) throw error;
    log('[overlay] data operation failed:', error);
    throw new OverlayError('INTERNAL', 'the data operation failed inside the overlay');
  };
  return {
    async get(ownId, key) {
      const target = resolveKey(ownId, key);
      return queue.read(ownId, key, target).catch(asOverlayError);
    },
    async set(ownId, key, value: Json) {
      const { moduleId, name } = resolveKey(ownId, key);
      assertJsonValue(value);
      await queue.enqueue({ moduleId, name, id: ownId, key, value }).catch(asOverlayError);
    },
    onChange: (listener) => queue.onWrite(listener),
    onStatus(listener) {
      let first = true;
      // A signal calls its subscriber at once; the seam promises calls on changes only.
      return queue.status.status.subscribe((status) => {
        if (first) first = false;
        else listener(status);
      });
    },
    status: () => queue.status.status.peek(),
  };
}
