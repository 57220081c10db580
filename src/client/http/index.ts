export { ApiError } from './ApiError.ts';
export { createApiClient } from './createApiClient.ts';
export type { ApiClient, ApiClientOptions } from './createApiClient.ts';
