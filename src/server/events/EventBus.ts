/** One message of a user's event channel: a new record, or a replay the streamer asked for. */
export interface BusMessage {
  cursor: string;
  /** The record's JSON text, sent to every socket as it is. */
  json: string;
  replayed: boolean;
}

/** One listener of a user's channel (a live socket's relay). */
export interface BusListener {
  heard(message: BusMessage): void;
}

/** Where the live sockets of a user hear of that user's events: in this process, or through Redis for every instance. */
export interface EventBus {
  /** Listens to one user's channel; resolves once listening (every message published after that is heard, in order). */
  join(userId: string, listener: BusListener): Promise<void>;
  /** Stops listening (also right after a join that rejected). */
  leave(userId: string, listener: BusListener): void;
  /** Sends a message to every listener of the user (on every instance). */
  publish(userId: string, message: BusMessage): Promise<void>;
  /** Called when the bus can no longer deliver (Redis gone): live connections must close with 1013. */
  onUnavailable(handler: () => void): void;
  close(): Promise<void>;
}

/** The bus of one process (memory and sqlite logs): `publish` calls every listener before it returns. */
export function createLocalEventBus(): EventBus {
  const listeners = new Map<string, Set<BusListener>>();
  return {
    async join(userId, listener) {
      listeners.set(userId, (listeners.get(userId) ?? new Set()).add(listener));
    },
    leave(userId, listener) {
      const own = listeners.get(userId);
      own?.delete(listener);
      if (own?.size === 0) listeners.delete(userId);
    },
    async publish(userId, message) {
      publishNow(listeners, userId, message);
    },
    onUnavailable() {},
    async close() {
      listeners.clear();
    },
  };
}

/** Synchronous, so that the log's accepted order is the delivered order. */
export function publishNow(listeners: Map<string, Set<BusListener>>, userId: string, message: BusMessage): void {
  for (const listener of listeners.get(userId) ?? []) listener.heard(message);
}
