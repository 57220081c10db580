import { signal } from '@preact/signals-core';
import { describe, expect, it } from 'vitest';
import { OverlayError } from '../api/index.ts';
import type { SyncStatus } from '../client/index.ts';
import { NO_RENEWAL, REFUSED_FRESH_TOKEN, renewTokenOnRefusal } from './renewTokenOnRefusal.ts';

type Status = Pick<SyncStatus, 'state' | 'lastSyncAt'>;

/** A queue status the test sets, a token source that can fail, and the problem list. */
function world(renewable = true) {
  const status = signal<Status>({ state: 'online', lastSyncAt: null });
  const tokens: string[] = [];
  const problems: string[] = [];
  const source = { works: true, issued: 0 };
  const stop = renewTokenOnRefusal({
    status,
    renew: renewable
      ? async () => {
          if (!source.works) throw new OverlayError('UNAVAILABLE', 'The API cannot be reached');
          return `token-${++source.issued}`;
        }
      : undefined,
    setToken: (token) => tokens.push(token),
    problems: {
      report: (message) => problems.push(message),
      resolve: () => problems.splice(0),
      has: (message) => problems.includes(message),
    },
  });
  const refuse = (lastSyncAt: number | null) => {
    status.value = { state: 'auth-required', lastSyncAt };
  };
  const resume = (lastSyncAt: number | null) => {
    status.value = { state: 'online', lastSyncAt };
  };
  return { status, tokens, problems, source, stop, refuse, resume };
}

describe('renewTokenOnRefusal', () => {
  it('gets a fresh token when the queue reports auth-required', async () => {
    const { tokens, problems, refuse } = world();
    refuse(null);
    await expect.poll(() => tokens).toEqual(['token-1']);
    expect(problems).toEqual([]);
  });

  it('renews again after writes went through with the previous token', async () => {
    const { tokens, refuse, resume } = world();
    refuse(null);
    await expect.poll(() => tokens).toEqual(['token-1']);
    resume(1000);
    refuse(1000);
    await expect.poll(() => tokens).toEqual(['token-1', 'token-2']);
  });

  it('does not loop when the fresh token is refused before anything went through', async () => {
    const { tokens, problems, refuse, resume } = world();
    refuse(5);
    await expect.poll(() => tokens).toEqual(['token-1']);
    resume(5);
    refuse(5);
    await expect.poll(() => problems).toEqual([REFUSED_FRESH_TOKEN]);
    resume(5);
    refuse(5);
    expect(tokens).toEqual(['token-1']);
    expect(problems).toEqual([REFUSED_FRESH_TOKEN]); // said once, not once per refusal
  });

  it('reports a renewal that failed and tries again at the next refusal', async () => {
    const { tokens, problems, source, refuse, resume } = world();
    source.works = false;
    refuse(null);
    await expect.poll(() => problems).toEqual(['cannot renew the token: UNAVAILABLE: The API cannot be reached']);
    source.works = true;
    resume(null);
    refuse(null);
    await expect.poll(() => tokens).toEqual(['token-1']);
    expect(problems).toEqual([]);
  });

  it('says writes wait when the page has no way to get a token', async () => {
    const { tokens, problems, refuse } = world(false);
    refuse(null);
    await expect.poll(() => problems).toEqual([NO_RENEWAL]);
    expect(tokens).toEqual([]);
  });

  it('stops watching', async () => {
    const { tokens, stop, refuse } = world();
    stop();
    refuse(null);
    await Promise.resolve();
    expect(tokens).toEqual([]);
  });
});
