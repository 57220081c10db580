/** The soak's size and schedule, all derived from its length. */
export interface SoakPlan {
  seconds: number;
  instances: number;
  clients: number;
  users: number;
  keysPerUser: number;
  writers: number;
  writesPerSecond: number;
  /** `PUT /me/selected` and `PUT /me/layout/tool` in turn, over every user, through the balancer. */
  profileWritesPerSecond: number;
  /** Offsets from the start of the writes, in ms. */
  killAtMs: number;
  restartAtMs: number;
  pauseAtMs: number;
  pauseMs: number;
  /** How long the clients get after the writes to show the server's values. */
  settleMs: number;
}

/** Live clients per user: under the server's 32 per user and instance even when one instance is down. */
const CLIENTS_PER_USER = 20;

/**
 * 2,000 clients and 20 writers at 500 writes/s, a profile writer at 10 writes/s; one instance killed at 1/3 of
 * the time and back at 1/2, Redis paused at 2/3 (3 s, or a fifth of a short run).
 */
export function planSoak(seconds: number, clients = 2000): SoakPlan {
  const ms = seconds * 1000;
  return {
    seconds,
    instances: 3,
    clients,
    users: Math.max(1, Math.ceil(clients / CLIENTS_PER_USER)),
    keysPerUser: 8,
    writers: 20,
    writesPerSecond: 500,
    profileWritesPerSecond: 10,
    killAtMs: Math.round(ms / 3),
    restartAtMs: Math.round(ms / 2),
    pauseAtMs: Math.round((ms * 2) / 3),
    pauseMs: Math.min(3000, Math.round(ms / 5)),
    settleMs: 60_000,
  };
}
