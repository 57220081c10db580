/**
 * Who holds a streamer's EventSub session. With one instance (memory, sqlite)
 * it is always this one; with Redis, exactly one instance at a time (redisLease.ts).
 */
export interface TwitchLease {
  /** Takes the lease when free, or keeps it when this instance holds it; resolves whether this instance holds it now. */
  hold(userId: string): Promise<boolean>;
  /** Gives it up (on stop), so that another instance takes over at once. */
  release(userId: string): Promise<void>;
}

/** The single instance's lease: always held. */
export function createLocalLease(): TwitchLease {
  return { hold: async () => true, release: async () => {} };
}
