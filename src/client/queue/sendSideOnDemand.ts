import { OverlayError } from '../../api/index.ts';
import type { SendSide, SendSideOptions } from './createSendSide.ts';

/** A send side whose code is loaded when first needed. */
export interface SendSideOnDemand {
  /** The send side once loaded, else null (nothing was stored or waited to be sent yet). */
  readonly current: SendSide | null;
  /** Loads it (once; again after a failed load) and resolves with it. */
  load(): Promise<SendSide>;
  /** Loads it for a person's action on the queue (retry, discard): a failed load is an OverlayError (UNAVAILABLE). */
  forAction(): Promise<SendSide>;
}

export type LoadSendSide = () => Promise<(options: SendSideOptions) => SendSide>;

/**
 * createSendSide, its code fetched by the first `load()`: a page whose
 * modules only read, with nothing left to send, never carries it. A load that
 * failed (the page's server out of reach) is tried again by the next call.
 */
export function sendSideOnDemand(options: SendSideOptions, load: LoadSendSide = loadSendSide): SendSideOnDemand {
  let current: SendSide | null = null;
  let loading: Promise<SendSide> | null = null;
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
    forAction: () =>
      loadOnce().catch(() => {
        throw new OverlayError('UNAVAILABLE', 'the overlay could not load its sending code (its server is out of reach); try again');
      }),
  };
}

async function loadSendSide(): Promise<(options: SendSideOptions) => SendSide> {
  return (await import('./createSendSide.ts')).createSendSide;
}
