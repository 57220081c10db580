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
  client: Pick<ApiClient, 'dbGet' | 'dbValues'>;
  /** True while the key has a local write not yet accepted (its local value stands). */
  isPending(target: KeyTarget): boolean;
  /** Called for each key whose value on the server differs from what this tab knows. */
  onNewer(change: Refreshed): void;
}

/**
 * The keys this tab's modules read or wrote, with the value they last knew, and
 * their re-reading: the polling fallback, and what follows a `reset`. Where the
 * API serves `GET /me/database/values`, a pass reads each module once, so a key
 * never set costs no request (and no 404 in the console); elsewhere key by key.
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
  /** Keys waiting for the pass in progress (or the next). */
  const queue = new Map<string, KeyTarget>();
  let running: Promise<void> | null = null;

  /** Unknown until the first pass asks; false once the API answered it has no such route. */
  let hasValuesRoute: boolean | undefined;

  /** The server's values of `targets` (all of one module), or null when they could not be read. */
  async function readModule(moduleId: string, targets: KeyTarget[]): Promise<(Json | undefined)[] | null> {
    if (hasValuesRoute !== false) {
      try {
        const values = await options.client.dbValues(moduleId);
        hasValuesRoute = values !== undefined;
        if (values) return targets.map((target) => (Object.hasOwn(values, target.name) ? values[target.name] : undefined));
      } catch {
        return null;
      }
    }
    const read: (Json | undefined)[] = [];
    for (const target of targets) {
      try {
        // Addressed as the owner's own key, in the `owner:name` form, so a name with `:` stays whole.
        read.push(await options.client.dbGet(target.moduleId, `${target.moduleId}:${target.name}`));
      } catch {
        return null;
      }
    }
    return read;
  }

  async function refreshModule(moduleId: string, all: KeyTarget[]): Promise<void> {
    const targets = all.filter((target) => !options.isPending(target));
    if (targets.length === 0) return;
    const before = targets.map((target) => known.get(idOf(target))?.version);
    const values = await readModule(moduleId, targets);
    if (!values) return;
    for (const [at, target] of targets.entries()) settle(target, before[at], values[at]);
  }

  function settle(target: KeyTarget, before: number | undefined, value: Json | undefined): void {
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
      for (const target of list) queue.set(idOf(target), target);
      // One pass at a time, one read at a time: the modules' own API calls must not queue
      // behind a burst of re-reads, and a slow pass must not be joined by the next one.
      if (running) return running;
      running = (async () => {
        while (queue.size > 0) {
          const moduleId = queue.values().next().value!.moduleId;
          const targets: KeyTarget[] = [];
          for (const [id, target] of queue) {
            if (target.moduleId !== moduleId) continue;
            queue.delete(id);
            targets.push(target);
          }
          await refreshModule(moduleId, targets);
        }
      })().finally(() => {
        running = null;
      });
      return running;
    },
  };
  return refresher;
}
