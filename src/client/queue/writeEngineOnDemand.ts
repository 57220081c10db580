import { OverlayError } from '../../api/index.ts';
import type { WriteEngine, WriteEngineOptions } from './createWriteEngine.ts';

/** A write engine whose code is loaded when first needed. */
export interface WriteEngineOnDemand {
  /** The engine once loaded, else null (nothing was written or queued yet). */
  readonly current: WriteEngine | null;
  /** Loads it (once; again after a failed load) and resolves with it. */
  load(): Promise<WriteEngine>;
  /** Runs `use` on it once loaded; a failed load is let go (what is stored waits for a later flush). */
  use(use: (engine: WriteEngine) => unknown): Promise<void>;
  /** Loads it for a write: a failed load is an OverlayError (UNAVAILABLE) the module gets. */
  forWrite(): Promise<WriteEngine>;
}

export type LoadWriteEngine = () => Promise<(options: WriteEngineOptions) => WriteEngine>;

/**
 * createWriteEngine, its code fetched by the first `load()`: a page whose
 * modules only read, with nothing left to send, never carries it. A load that
 * failed (the page's server out of reach) is tried again by the next call.
 */
export function writeEngineOnDemand(options: WriteEngineOptions, load: LoadWriteEngine = loadWriteEngine): WriteEngineOnDemand {
  let current: WriteEngine | null = null;
  let loading: Promise<WriteEngine> | null = null;
  const loadOnce = () => {
    loading ??= load().then(
      (create) => (current = create(options)),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  return {
    get current() {
      return current;
    },
    load: loadOnce,
    async use(use) {
      const engine = await loadOnce().catch(() => null);
      if (engine) await use(engine);
    },
    forWrite: () =>
      loadOnce().catch(() => {
        throw new OverlayError('UNAVAILABLE', 'the overlay could not load its write code (its server is out of reach); try again');
      }),
  };
}

async function loadWriteEngine(): Promise<(options: WriteEngineOptions) => WriteEngine> {
  return (await import('./createWriteEngine.ts')).createWriteEngine;
}
