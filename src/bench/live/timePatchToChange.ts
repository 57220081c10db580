import { timeUntilHeard, type ValueListener } from './timeUntilHeard.ts';

export interface PatchTarget {
  /** The API (or floor) base URL the PATCH goes to. */
  url: string;
  token: string;
  /** Module id and key of the PATCH body. */
  id: string;
  key: string;
}

/** Milliseconds from sending a PATCH of `value` until the listener heard it (the answer is awaited too, before the next run). */
export function timePatchToChange(target: PatchTarget, listener: ValueListener, value: number): Promise<number> {
  return timeUntilHeard(listener, value, () =>
    fetch(`${target.url}/me/database`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${target.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: target.id, key: target.key, value }),
    }),
  );
}
