import { performance } from 'node:perf_hooks';
import type { LiveListener } from './LiveListener.ts';

export interface PatchTarget {
  /** The API (or floor) base URL the PATCH goes to. */
  url: string;
  token: string;
  /** Module id and key of the PATCH body. */
  id: string;
  key: string;
}

/** Milliseconds from sending a PATCH of `value` until the page heard it (the answer is awaited too, before the next run). */
export async function timePatchToChange(target: PatchTarget, listener: LiveListener, value: number): Promise<number> {
  const heard = listener.next(value);
  const startedAt = performance.now();
  const answer = fetch(`${target.url}/me/database`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${target.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ id: target.id, key: target.key, value }),
  });
  await heard;
  const elapsed = performance.now() - startedAt;
  const response = await answer;
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`PATCH answered ${response.status}`);
  return elapsed;
}
