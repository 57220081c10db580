/** What the start script read of a space's stream (all empty or 0 when the stream does not exist). */
export interface StreamState {
  /** Last id the stream gave, '' when there is no stream. */
  last: string;
  /** Id of its oldest kept entry. */
  first: string;
  /** Entries ever added to this stream, and entries it holds now: they differ once trimming dropped some. */
  added: number;
  length: number;
  /** Redis's clock. */
  nowMs: number;
}

/** A Redis stream id as this feed hands them out (`<ms>-<seq>`, within what a double holds exactly). */
export function isStreamId(text: string): boolean {
  return /^\d{1,15}-\d{1,15}$/.test(text);
}

/** Orders two stream ids. */
export function compareStreamIds(a: string, b: string): number {
  const [aMs, aSeq] = a.split('-').map(Number) as [number, number];
  const [bMs, bSeq] = b.split('-').map(Number) as [number, number];
  return aMs - bMs || aSeq - bSeq;
}

/**
 * Whether the stream still holds every write after `sinceId`. Not when the
 * cursor is older than the streams' lifetime (the stream may have expired and
 * started again since), from the future, or before the oldest kept entry
 * while trimming has dropped some (one of those may have come after it).
 */
export function replayDecision(sinceId: string, state: StreamState, ttlMs: number): boolean {
  if (!isStreamId(sinceId)) return false;
  const sinceMs = Number(sinceId.split('-')[0]);
  if (state.nowMs - sinceMs > ttlMs) return false;
  if (state.last === '') return sinceMs <= state.nowMs;
  if (compareStreamIds(sinceId, state.last) > 0) return false;
  const trimmed = state.added > state.length;
  return !trimmed || state.first === '' || compareStreamIds(sinceId, state.first) >= 0;
}
