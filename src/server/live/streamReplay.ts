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
