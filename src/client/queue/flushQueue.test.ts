import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/index.ts';
import type { QueueStore, Settled } from './createQueueStore.ts';
import { type FlushDeps, flushQueue } from './flushQueue.ts';
import type { QueueEntry } from './QueueEntry.ts';

function entry(name: string, seq: number): QueueEntry {
  return { moduleId: 'm', name, id: 'm', key: name, value: seq, seq, order: seq, enqueuedAt: 0 };
}

/** A queue of three entries whose confirmations wait until the test lets them go. */
function harness(refuse?: (entry: QueueEntry) => unknown) {
  const events: string[] = [];
  const held: Array<() => void> = [];
  let listed = false;
  const answer = (kind: string, sent: QueueEntry) =>
    new Promise<Settled>((resolve) => {
      events.push(`${kind} ${sent.name}`);
      held.push(() => resolve({ outcome: 'confirmed' }));
    });
  const records = {
    async list() {
      if (listed) return [];
      listed = true;
      return [entry('a', 1), entry('b', 2), entry('c', 3)];
    },
    confirm: (sent: QueueEntry) => answer('confirm', sent),
    park: (sent: QueueEntry) => answer('park', sent),
  } as Partial<QueueStore> as QueueStore;
  const deps: FlushDeps = {
    records,
    client: {
      async dbSet(id, key, value) {
        events.push(`send ${key}`);
        const refusal = refuse?.(entry(key, 0));
        if (refusal) throw refusal;
        return { id, key, value };
      },
    },
    now: () => 0,
    canContinue: () => true,
    latestSeq: () => undefined,
    more: () => true,
    onListed() {},
    onSettled: (sent) => events.push(`settled ${sent.name}`),
  };
  return { deps, events, held };
}

/** Lets every recording go, one at a time as each is started, until `done` settles. */
async function releaseUntil(held: Array<() => void>, done: Promise<unknown>): Promise<void> {
  let finished = false;
  void done.finally(() => {
    finished = true;
  });
  while (!finished) {
    held.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

describe('flushQueue', () => {
  it('sends the next entry while the answer of the last one is recorded, one answer ahead at most, and records answers in order', async () => {
    const { deps, events, held } = harness();
    const flushing = flushQueue(deps);
    await expect.poll(() => events).toEqual(['send a', 'confirm a', 'send b']);
    // b's answer is in, a's is still being recorded: c waits.
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(events).toEqual(['send a', 'confirm a', 'send b']);
    await releaseUntil(held, flushing);
    await expect(flushing).resolves.toEqual({ kind: 'drained' });
    expect(events.filter((event) => !event.startsWith('send'))).toEqual(['confirm a', 'settled a', 'confirm b', 'settled b', 'confirm c', 'settled c']);
  });

  it('a recording that fails stops the flush: nothing more is sent, and the error is the outcome', async () => {
    const { deps, events } = harness();
    const failure = new Error('quota');
    deps.records.confirm = async (sent) => {
      events.push(`confirm ${sent.name}`);
      throw failure;
    };
    await expect(flushQueue(deps)).rejects.toBe(failure);
    expect(events).toEqual(['send a', 'confirm a', 'send b']);
  });

  it('a failure that stops the flush still waits for the answers already received to be recorded', async () => {
    const { deps, events, held } = harness((sent) => (sent.name === 'b' ? new ApiError('UNAVAILABLE', 'down', 503) : undefined));
    let ended = false;
    const flushing = flushQueue(deps).finally(() => {
      ended = true;
    });
    await expect.poll(() => events).toContain('send b');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(ended).toBe(false);
    await releaseUntil(held, flushing);
    await expect(flushing).resolves.toMatchObject({ kind: 'retry' });
    expect(events.filter((event) => !event.startsWith('send'))).toEqual(['confirm a', 'settled a']);
    expect(events).not.toContain('send c');
  });

  it('a write refused for good is parked in its turn and the rest go on', async () => {
    const { deps, events, held } = harness((sent) => (sent.name === 'a' ? new ApiError('BAD_REQUEST', 'no', 400) : undefined));
    const flushing = flushQueue(deps);
    await releaseUntil(held, flushing);
    await expect(flushing).resolves.toEqual({ kind: 'drained' });
    expect(events.filter((event) => !event.startsWith('send'))).toEqual(['park a', 'settled a', 'confirm b', 'settled b', 'confirm c', 'settled c']);
  });
});
