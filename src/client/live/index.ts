// The door of live sync: the write queue holds one per data space (its flusher keeps the connection and relays).
export type { LiveRelay } from './LiveRelay.ts';
export { isLiveRelay, LiveRelaySchemas } from './LiveRelay.ts';
export type { LiveSync, LiveTransport } from './createLiveSync.ts';
export { createLiveSync } from './createLiveSync.ts';
export type { LiveSocket } from './LiveSocket.ts';
export type { LiveEventsHook, LiveEventsMessage } from './liveEvents.ts';
export type { LiveNews } from './LiveNews.ts';
export { createLiveAlertsHub, type LiveAlertMessage, type LiveAlerts, type LiveAlertsHub } from './LiveAlerts.ts';
/** For the event feed's tests, which drive a real connection over fake sockets. */
export { createLiveConnection } from './createLiveConnection.ts';
