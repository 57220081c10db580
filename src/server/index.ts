export { envName, envNames, settingGiven, withEnvNames } from './cli/flagsFromEnv.ts';
export { type CliOptions, DEFAULT_PORT, DEFAULT_STORE, parseCliArgs, USAGE, UsageError } from './cli/parseCliArgs.ts';
export { loadSignUpSettings } from './cli/loadSignUpSettings.ts';
export * from './http/index.ts';
export * from './registry/index.ts';
export { apiServerCommand, type SpawnApiServerOptions, type SpawnedApiServer, spawnApiServer } from './spawnApiServer.ts';
export { type RunningApiServer, type StartApiServerOptions, startApiServer } from './startApiServer.ts';
export { composeApi } from './composeApi.ts';
export type { ApiServices, ComposeApiOptions, ComposedApi, TwitchRoutes } from './ComposedApi.ts';
export * from './store/index.ts';
export * from './live/index.ts';
export * from './modules/index.ts';
export type { RunningTwitch, TwitchCredentialStore, TwitchCredentials, TwitchLink, TwitchLoginControl, TwitchSettings, TwitchStateLine, WebhookSettings } from './twitch/index.ts';
/** Twitch (docs/twitch.md), loaded on first use: twurple takes seconds to load, and most servers run without Twitch. */
export const loadTwitch = () => import('./twitch/index.ts');
export * from './events/index.ts';
export * from './alerts/index.ts';
export { createMemoryMediaStore, DEFAULT_MEDIA_LIMITS, type MediaLimits, type MediaStore, openMediaStore, type S3MediaSpec, sniffMedia } from './media/index.ts';
