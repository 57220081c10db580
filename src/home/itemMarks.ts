import type { Signal } from '@preact/signals';

/** Adds `id` to the set of items under way (a deletion, a revocation), or takes it out. */
export function markItem(pending: Signal<ReadonlySet<string>>, id: string, on: boolean): void {
  const next = new Set(pending.peek());
  if (on) next.add(id);
  else next.delete(id);
  pending.value = next;
}

/** Says why an item's action failed, or (null) forgets it. */
export function failItem(failures: Signal<Readonly<Record<string, string>>>, id: string, message: string | null): void {
  const { [id]: _dropped, ...rest } = failures.peek();
  failures.value = message === null ? rest : { ...rest, [id]: message };
}
