import { effect, type ReadonlySignal } from '@preact/signals-core';
import { describeError } from '../api/index.ts';
import type { SyncStatus } from '../client/index.ts';

/** Where the renewal says what went wrong (the page's problem list, under one key). */
export interface RenewalProblems {
  report(message: string): void;
  resolve(): void;
  /** True when `message` is on the list already, so a repeat is not logged again. */
  has(message: string): boolean;
}

export interface TokenRenewalOptions {
  /** The write queue's status: `auth-required` means the API refused the token (an HTTP 401, or the live socket's 4401). */
  status: ReadonlySignal<Pick<SyncStatus, 'state' | 'lastSyncAt'>>;
  /** Gets a fresh token (an overlay id exchanged again); undefined when the page has no way to. */
  renew?: () => Promise<string>;
  /** Hands the fresh token to the queue, which resumes with it. */
  setToken(token: string): void;
  problems: RenewalProblems;
}

export const NO_RENEWAL =
  'the API refused the token, and a page opened with token= cannot get a new one: writes are kept, and writes and live changes wait for a valid token';
export const REFUSED_FRESH_TOKEN =
  'the API refused a fresh token: writes are kept; a new one is asked for at the next profile refresh';

/**
 * A 401 while flushing, or the live socket closed with 4401 (a page that only
 * listens makes no HTTP call), means an exchanged token expired or the API
 * restarted: exchange again and resume the queue and the live connection. Returns the function that stops watching.
 *
 * A fresh token refused again before anything went through (the queue's
 * `lastSyncAt` has not moved) is not taken by the API yet; renewing at once
 * would loop as fast as the network allows, so that case waits for the caller's
 * next profile refresh instead.
 */
export function renewTokenOnRefusal({ status, renew, setToken, problems }: TokenRenewalOptions): () => void {
  let renewing = false;
  // The queue's lastSyncAt when a token was last renewed; undefined before the first renewal.
  let renewedAt: number | null | undefined;
  return effect(() => {
    const { state, lastSyncAt } = status.value;
    if (state !== 'auth-required' || renewing) return;
    if (renewedAt !== undefined && renewedAt === lastSyncAt) {
      if (!problems.has(REFUSED_FRESH_TOKEN)) problems.report(REFUSED_FRESH_TOKEN);
      return;
    }
    const before = renewedAt;
    renewedAt = lastSyncAt;
    renewing = true;
    void renewOnce(renew, setToken, problems)
      .then((renewed) => {
        if (!renewed) renewedAt = before;
      })
      .finally(() => {
        renewing = false;
      });
  });
}

/** One attempt; true once a fresh token is set. */
async function renewOnce(renew: TokenRenewalOptions['renew'], setToken: (token: string) => void, problems: RenewalProblems): Promise<boolean> {
  if (!renew) {
    problems.report(NO_RENEWAL);
    return false;
  }
  try {
    setToken(await renew());
    problems.resolve();
    return true;
  } catch (error) {
    problems.report(`cannot renew the token: ${describeError(error)}`);
    return false;
  }
}
