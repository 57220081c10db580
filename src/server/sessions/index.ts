export { createMemorySessionStore } from './memorySessionStore.ts';
export { createRedisSessionStore, SESSION_KEYS } from './redisSessionStore.ts';
export { createSqliteSessionStore } from './sqliteSessionStore.ts';
export {
  createWebsiteSessions,
  DEFAULT_SESSION_DAYS,
  SIGN_IN_STATE_MS,
  type SessionOrigin,
  type WebsiteSessions,
  type WebsiteSessionsOptions,
} from './createWebsiteSessions.ts';
export { openSessionStore } from './openSessionStore.ts';
export type { SessionStore, SignInState, WebsiteSession } from './SessionStore.ts';
export { withSessions } from './withSessions.ts';
