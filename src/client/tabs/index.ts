// The door of tabs: what the tabs of one browser share, knowing nothing of what they say (the caller's schema).
export type { FlusherLock, LockRequester } from './FlusherLock.ts';
export type { LeaseLockOptions } from './createLeaseLock.ts';
export { createLeaseLockOnDemand } from './createLeaseLockOnDemand.ts';
export { createTabChannel } from './createTabChannel.ts';
export type { ChannelLike, OpenChannel, TabChannel } from './createTabChannel.ts';
export { createWebLock } from './createWebLock.ts';
export { defaultPageEvents, watchPage } from './watchPage.ts';
export type { PageEvents } from './watchPage.ts';
