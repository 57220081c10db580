export type { FlusherLock, LockRequester } from './FlusherLock.ts';
export { createLeaseLock } from './createLeaseLock.ts';
export { createQueueChannel, openBroadcastChannel } from './createQueueChannel.ts';
export type { ChannelLike, OpenChannel, QueueChannel, QueueMessage } from './createQueueChannel.ts';
export { createWebLock } from './createWebLock.ts';
export { defaultPageEvents, watchPage } from './watchPage.ts';
export type { PageEvents, PageVisibility } from './watchPage.ts';
