export type { Change, ChangeFeed, FeedListener, Space, Unsubscribe } from './ChangeFeed.ts';
export { createLiveEndpoint, type LiveEndpoint, type LiveEndpointOptions } from './createLiveEndpoint.ts';
export { createLocalChangeFeed, type LocalChangeFeed, type LocalChangeFeedOptions } from './localChangeFeed.ts';
export { DEFAULT_LIVE_OPTIONS, type LiveOptions, resolveLiveOptions } from './LiveOptions.ts';
export { type LiveChanges, type LiveChangesOptions, openLiveChanges } from './openLiveChanges.ts';
export type { RedisChangeFeedOptions } from './redisChangeFeed.ts';
export { serveUpgradeAsRequest } from './serveUpgradeAsRequest.ts';
export { createProfileNotices, type ProfileNotices } from './profileNotices.ts';
export { layoutOf, withProfileNews } from './withProfileNews.ts';
