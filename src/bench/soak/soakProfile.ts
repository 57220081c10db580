import type { SoakValue } from './soakValue.ts';
import type { OwnedKey, SoakRequest } from './SoakWriter.ts';

/** The two profile slots the soak writes: the selection (`PUT /me/selected`) and the tool layout (`PUT /me/layout/tool`). */
export const PROFILE_SLOTS = ['selected', 'layout'] as const;
export type ProfileSlot = (typeof PROFILE_SLOTS)[number];

/** The path each slot is read and written at. */
export const SLOT_PATHS: Record<ProfileSlot, string> = { selected: '/me/selected', layout: '/me/layout/tool' };

const MARK = /^soak\.tool\.n(\d+)\.t(\d+)$/;

/**
 * A profile write carries its `{n, t}` as a module id (`soak.tool.n<n>.t<t>`):
 * the only tool of the selection, the only box of the layout. The servers run
 * without `--modules`, so any id of the right form is accepted.
 */
export function markId({ n, t }: SoakValue): string {
  return `soak.tool.n${n}.t${t}`;
}

/** The body of one profile write of `slot`. */
export function profileBody(slot: ProfileSlot, mark: SoakValue): string {
  const id = markId(mark);
  if (slot === 'selected') return JSON.stringify({ game: '', tools: [id], background: '', event: '' });
  return JSON.stringify({ boxes: { [id]: { x: mark.n % 1000, y: 0, width: 320, height: 180 } } });
}

/** The mark of a module id; `{n: 0, t: 0}` for any other id (the seed's values, before the first write). */
export function parseMark(id: string | undefined): SoakValue {
  const match = id === undefined ? null : MARK.exec(id);
  return match ? { n: Number(match[1]), t: Number(match[2]) } : { n: 0, t: 0 };
}

/** What a slot holds, as a client or the server shows it: its JSON (the selection, or the whole layout) and its mark. */
export interface SlotState extends SoakValue {
  json: string;
}

/** A slot's state from its `GET` body (the whole profile for `selected`) or from a `layout` message's layout. */
export function slotState(slot: ProfileSlot, body: string): SlotState {
  const parsed = JSON.parse(body) as { selected?: { tools?: string[] }; boxes?: Record<string, unknown> };
  if (slot === 'selected') return { json: JSON.stringify(parsed.selected), ...parseMark(parsed.selected?.tools?.[0]) };
  return { json: JSON.stringify(parsed), ...parseMark(Object.keys(parsed.boxes ?? {})[0]) };
}

/** The profile writes: a key is a slot, written with the user's website token (no If-Match: the writer owns the slot). */
export function profileWrite(owned: OwnedKey, n: number, t: number): SoakRequest {
  const slot = owned.key as ProfileSlot;
  return { method: 'PUT', path: SLOT_PATHS[slot], token: owned.user.websiteToken, body: profileBody(slot, { n, t }) };
}
