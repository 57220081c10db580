import type { LiveChange } from './createLiveConnection.ts';

/** A write this browser made, as the server accepted it (PATCH 200). */
export interface AcceptedWrite {
  moduleId: string;
  name: string;
  from: string;
  value: unknown;
}

export interface LiveMergeOptions {
  /** True while the key has a local write the server has not accepted yet. */
  isPending(target: { moduleId: string; name: string }): boolean;
  now(): number;
}

/**
 * Merges the server's changes with this browser's own writes, key by key.
 * Every call returns the changes to apply now, in the server's order.
 */
export interface LiveMerge {
  /** A change from the live connection, in the server's order. */
  receive(change: LiveChange): LiveChange[];
  /** The server accepted a write sent from this browser: its echo is on its way, or came already. */
  accepted(write: AcceptedWrite): LiveChange[];
  /** The key's local write left the queue without being accepted (refused, discarded). */
  settled(target: { moduleId: string; name: string }): LiveChange[];
  /** Keys whose echo is overdue (lost on a reconnect): forgotten here, to be re-read. */
  overdue(maxAgeMs: number): { moduleId: string; name: string }[];
  /** Forgets everything (after a reset: the keys are re-read). */
  clear(): void;
}

interface KeyState {
  moduleId: string;
  name: string;
  /** Accepted writes of this browser whose echo has not come yet, oldest first. */
  echoes: string[];
  /** Changes heard while the key was pending or waiting for an echo. */
  held: LiveChange[];
  since: number;
}

/**
 * The merge rules of live sync. A key with a local write not yet accepted keeps
 * its local value: changes to it are held. Once accepted, the server's order
 * decides: held changes up to the write's echo came before it and are dropped
 * (the local value is newer), the echo itself is dropped (the page already told
 * its modules), and what follows it is applied. Sends of one key go one at a
 * time, so this browser's writes reach the server in the order they are accepted.
 */
export function createLiveMerge(options: LiveMergeOptions): LiveMerge {
  const keys = new Map<string, KeyState>();
  const idOf = (target: { moduleId: string; name: string }) => `${target.moduleId}\u0000${target.name}`;

  function stateOf(target: { moduleId: string; name: string }): KeyState {
    const id = idOf(target);
    let state = keys.get(id);
    if (!state) {
      state = { moduleId: target.moduleId, name: target.name, echoes: [], held: [], since: options.now() };
      keys.set(id, state);
    }
    return state;
  }

  function drain(state: KeyState): LiveChange[] {
    let lastEcho: string | null = null;
    for (let at = matchAt(state); at >= 0; at = matchAt(state)) {
      state.held.splice(0, at + 1);
      lastEcho = state.echoes.shift() ?? null;
      state.since = options.now();
    }
    if (state.echoes.length > 0 || options.isPending(state)) return [];
    keys.delete(idOf(state));
    // The same write right after its echo is a resend of it (the first answer was lost on the way).
    const released = state.held;
    while (lastEcho !== null && released.length > 0 && signature(released[0]) === lastEcho) released.shift();
    return released;
  }

  function matchAt(state: KeyState): number {
    const echo = state.echoes[0];
    return echo === undefined ? -1 : state.held.findIndex((change) => signature(change) === echo);
  }

  return {
    receive(change) {
      const state = keys.get(idOf(change));
      if (!state && !options.isPending(change)) return [change];
      const held = state ?? stateOf(change);
      held.held.push(change);
      return drain(held);
    },
    accepted(write) {
      const state = stateOf(write);
      state.echoes.push(signature(write));
      return drain(state);
    },
    settled(target) {
      const state = keys.get(idOf(target));
      return state ? drain(state) : [];
    },
    overdue(maxAgeMs) {
      const limit = options.now() - maxAgeMs;
      const late = [...keys.values()].filter((state) => state.echoes.length > 0 && state.since <= limit);
      for (const state of late) keys.delete(idOf(state));
      return late.map(({ moduleId, name }) => ({ moduleId, name }));
    },
    clear: () => keys.clear(),
  };
}

/** What identifies a write in the server's stream: its writer and value (the server assigns no id we could send). */
function signature(write: { from: string; value: unknown }): string {
  return JSON.stringify([write.from, write.value]);
}
