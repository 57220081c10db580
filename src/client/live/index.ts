// The door of live sync: the live connection (reusable on its own, e.g. by a dock), the merge rules, the page's glue.
export type { KeyRefresher, KeyTarget } from './createKeyRefresher.ts';
export { createKeyRefresher } from './createKeyRefresher.ts';
export type { LiveChange, LiveConnection, LiveConnectionOptions, LiveState } from './createLiveConnection.ts';
export { createLiveConnection } from './createLiveConnection.ts';
export type { AcceptedWrite, LiveMerge } from './createLiveMerge.ts';
export { createLiveMerge } from './createLiveMerge.ts';
export type { LiveRelay, LiveSync, LiveSyncOptions, LiveTransport } from './createLiveSync.ts';
export { createLiveSync } from './createLiveSync.ts';
export { isLiveRelay, LiveRelaySchemas } from './LiveRelay.ts';
export type { LiveSocket, OpenSocket, ProbeEndpoint } from './LiveSocket.ts';
export { liveAddress, openWebSocket, probeWithFetch } from './LiveSocket.ts';
export type { LiveEventsHook, LiveEventsMessage } from './liveEvents.ts';
