export { type CliOptions, DEFAULT_PORT, DEFAULT_STORE, parseCliArgs, USAGE, UsageError } from './cli/parseCliArgs.ts';
export * from './http/index.ts';
export * from './registry/index.ts';
export { apiServerCommand, type SpawnApiServerOptions, type SpawnedApiServer, spawnApiServer } from './spawnApiServer.ts';
export { type RunningApiServer, type StartApiServerOptions, startApiServer } from './startApiServer.ts';
export * from './store/index.ts';
export * from './live/index.ts';
export * from './events/index.ts';
