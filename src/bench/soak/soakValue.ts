/** What every soak write stores: its writer's sequence number for the key, and when it was sent. */
export interface SoakValue {
  n: number;
  /** Date.now() when the PATCH was sent: delivery time is measured from here. */
  t: number;
}

/** The module id every soak value lives under; keys are `k0`, `k1`, ... */
export const SOAK_MODULE = 'soak.tool.counter';

export function keyNames(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `k${i}`);
}

/** Reads a stored value back; throws on anything the soak did not write. */
export function parseSoakValue(json: string): SoakValue {
  const value = JSON.parse(json) as Partial<SoakValue>;
  if (typeof value?.n !== 'number' || typeof value.t !== 'number') throw new Error(`not a soak value: ${json}`);
  return { n: value.n, t: value.t };
}

/**
 * Orders two cursors of the redis store (`<epoch>:<ms>-<seq>`): negative,
 * zero or positive; NaN when their epochs differ or either cannot be read.
 * Cursors are opaque to clients; the soak reads them only to check the order.
 */
export function compareCursors(a: string, b: string): number {
  const pa = /^(.+):(\d+)-(\d+)$/.exec(a);
  const pb = /^(.+):(\d+)-(\d+)$/.exec(b);
  if (!pa || !pb || pa[1] !== pb[1]) return Number.NaN;
  return Number(pa[2]) - Number(pb[2]) || Number(pa[3]) - Number(pb[3]);
}
