import { type ApiClient, ApiError } from '../http/index.ts';
import { classifyFailure } from '../retry/index.ts';
import type { QueueStore, Settled } from './createQueueStore.ts';
import type { Failure, QueueEntry } from './QueueEntry.ts';

export interface FlushDeps {
  records: QueueStore;
  client: Pick<ApiClient, 'dbSet'>;
  now(): number;
  /** False once this tab must stop sending (stopped, paused, no longer the flusher). */
  canContinue(): boolean;
  /** The newest sequence number this tab knows for an entry, to avoid sending a stale value. */
  latestSeq(entry: QueueEntry): number | undefined;
  /**
   * After sending what it listed: true to read the queue again for writes made
   * meanwhile (an explicit flush drains), false to leave them to their debounce.
   */
  more(): boolean;
  /** Each time the queue is read: the whole queue, parked entries included. */
  onListed(entries: QueueEntry[]): void;
  onSettled(sent: QueueEntry, settled: Settled): void;
}

/** Why a flush ended. */
export type FlushOutcome =
  | { kind: 'drained' }
  | { kind: 'stopped' }
  | { kind: 'retry'; error: unknown }
  | { kind: 'auth'; error: unknown };

/**
 * Sends the queue one entry at a time, in flush order (first enqueue), until
 * what it listed is sent, sending must stop, or a failure needs a pause. Entries
 * written meanwhile are picked up by reading the queue again at the end while
 * `more()` says so. `drained` means everything listed went through.
 */
export async function flushQueue(deps: FlushDeps): Promise<FlushOutcome> {
  for (;;) {
    const entries = await deps.records.list();
    deps.onListed(entries);
    const line = entries.filter((entry) => !entry.failed);
    if (line.length === 0) return { kind: 'drained' };
    const outcome = await sendInOrder(line, deps);
    if (outcome) return outcome;
    if (!deps.more()) return { kind: 'drained' };
  }
}

async function sendInOrder(line: QueueEntry[], deps: FlushDeps): Promise<FlushOutcome | null> {
  let sent = 0;
  // Recording an answer (an IndexedDB transaction) overlaps sending the next entry, one
  // answer at a time: requests and recordings each stay in order, and a failed recording
  // stops the flush before anything more is sent.
  let recording: Promise<void> | null = null;
  try {
    for (const listed of line) {
      if (!deps.canContinue()) return { kind: 'stopped' };
      const entry = await freshest(listed, deps);
      if (!entry) continue;
      sent++;
      const answer = await sendOne(entry, deps);
      await recording;
      if ('kind' in answer) return answer;
      recording = answer.record().then((settled) => deps.onSettled(entry, settled));
      // Awaited before the next send or at the end; until then its failure is not unhandled.
      recording.catch(() => undefined);
    }
  } finally {
    await recording;
  }
  // Everything listed had left meanwhile: nothing more to do in this round.
  return sent === 0 ? { kind: 'drained' } : null;
}

/** The listed entry, or its newer version when this tab knows it was written again. */
async function freshest(listed: QueueEntry, deps: FlushDeps): Promise<QueueEntry | undefined> {
  const latest = deps.latestSeq(listed);
  if (latest === undefined || latest <= listed.seq) return listed;
  const current = await deps.records.pending(listed.moduleId, listed.name);
  return current && !current.failed ? current : undefined;
}

/** Sends one entry: a failure that stops the flush, or how to record the answer. */
async function sendOne(entry: QueueEntry, deps: FlushDeps): Promise<FlushOutcome | { record(): Promise<Settled> }> {
  try {
    await deps.client.dbSet(entry.id, entry.key, entry.value);
  } catch (error) {
    const kind = classifyFailure(error);
    if (kind !== 'park') return { kind, error };
    const failure = failureOf(error, deps.now());
    return { record: () => deps.records.park(entry, failure) };
  }
  return { record: () => deps.records.confirm(entry) };
}

function failureOf(error: unknown, at: number): Failure {
  if (error instanceof ApiError) return { code: error.code, message: error.message, status: error.status, at };
  return { code: 'INTERNAL', message: String(error), status: null, at };
}
