export { DEFAULT_PORT, DEFAULT_STORE, parseCliArgs, USAGE, UsageError, type CliOptions } from './cli/parseCliArgs.ts';
export * from './http/index.ts';
export * from './registry/index.ts';
export { type RunningApiServer, type StartApiServerOptions, startApiServer } from './startApiServer.ts';
export * from './store/index.ts';
