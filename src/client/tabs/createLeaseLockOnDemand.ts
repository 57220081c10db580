import type { LeaseLockOptions } from './createLeaseLock.ts';
import type { FlusherLock } from './FlusherLock.ts';
import { parseLease } from './parseLease.ts';

export interface LeaseLockOnDemandOptions extends Omit<LeaseLockOptions, 'parseLease'> {
  /** Loads `createLeaseLock`. @default a dynamic import of createLeaseLock.ts */
  load?: () => Promise<(options: LeaseLockOptions) => FlusherLock>;
}

/**
 * `createLeaseLock`, its code loaded by the first `start()`: only origins
 * without `navigator.locks` need a lease, so the page script does not carry it.
 * Should the code fail to load, this tab takes the role: sending twice does no
 * harm (see FlusherLock), never sending would strand the queue.
 */
export function createLeaseLockOnDemand(options: LeaseLockOnDemandOptions): FlusherLock {
  const { load = loadLeaseLock, ...rest } = options;
  const leaseOptions: LeaseLockOptions = { ...rest, parseLease };
  let lock: Promise<FlusherLock | null> | null = null;
  let wanted: ((held: boolean) => void) | null = null;
  let started: FlusherLock | null = null;
  let alone = false;
  return {
    start(onChange) {
      if (wanted) return;
      wanted = onChange;
      lock ??= load().then(
        (create) => create(leaseOptions),
        () => null,
      );
      void lock.then((loaded) => {
        if (wanted !== onChange || started || alone) return;
        if (loaded) {
          started = loaded;
          loaded.start(onChange);
        } else {
          alone = true;
          onChange(true);
        }
      });
    },
    stop() {
      const listener = wanted;
      wanted = null;
      started?.stop();
      started = null;
      if (alone) listener?.(false);
      alone = false;
    },
  };
}

async function loadLeaseLock(): Promise<(options: LeaseLockOptions) => FlusherLock> {
  return (await import('./createLeaseLock.ts')).createLeaseLock;
}
