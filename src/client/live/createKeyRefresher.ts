import type { Json } from '../../api/index.ts';
import type { ApiClient } from '../http/index.ts';

export interface KeyTarget {
  moduleId: string;
  name: string;
}

/** A value the server holds that this tab's modules have not heard of. */
export interface Refreshed extends KeyTarget {
  value: Json;
}

export interface KeyRefresherOptions {
  client: Pick<ApiClient, 'dbGet'>;
  /** True while the key has a local write not yet accepted (its local value stands). */
  isPending(target: KeyTarget): boolean;
  /** Called for each key whose value on the server differs from what this tab knows. */
  onNewer(change: Refreshed): void;
}

/**
 * The keys this tab's modules read or wrote, with the value they last knew, and
 * their re-reading: the polling fallback, and what follows a `reset`.
 */
export interface KeyRefresher {
  /** A module read or wrote the key, or the page applied a change of it: this is its value now. */
  know(target: KeyTarget, value: Json | undefined): void;
  /** Whether the value is the one the modules last knew. */
  knows(target: KeyTarget, value: Json): boolean;
  /** Re-reads the keys (all known ones by default) and reports each that differs. */
  refresh(targets?: KeyTarget[]): Promise<void>;
}

export function createKeyRefresher(options: KeyRefresherOptions): KeyRefresher {
  const known = new Map<string, { target: KeyTarget; json: string | undefined; version: number }>();
  const idOf = (target: KeyTarget) => `${target.moduleId}\u0000${target.name}`;

  async function refreshOne(target: KeyTarget): Promise<void> {
    const before = known.get(idOf(target))?.version;
    if (options.isPending(target)) return;
    let value: Json | undefined;
    try {
      // Addressed as the owner's own key, in the `owner:name` form, so a name with `:` stays whole.
      value = await options.client.dbGet(target.moduleId, `${target.moduleId}:${target.name}`);
    } catch {
      return;
    }
    const now = known.get(idOf(target));
    // A change or a write landed while the read was out: it is newer than this answer.
    if (now?.version !== before || value === undefined || options.isPending(target)) return;
    if (now !== undefined && now.json === JSON.stringify(value)) return;
    refresher.know(target, value);
    options.onNewer({ ...target, value });
  }

  const refresher: KeyRefresher = {
    know(target, value) {
      const id = idOf(target);
      const version = (known.get(id)?.version ?? 0) + 1;
      known.set(id, { target: { moduleId: target.moduleId, name: target.name }, json: JSON.stringify(value), version });
    },
    knows: (target, value) => known.get(idOf(target))?.json === JSON.stringify(value),
    async refresh(targets) {
      const list = targets ?? [...known.values()].map((entry) => entry.target);
      // One at a time: the API calls of the modules must not queue behind a burst of re-reads.
      for (const target of list) await refreshOne(target);
    },
  };
  return refresher;
}
