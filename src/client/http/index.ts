export { ApiError } from './ApiError.ts';
export { createApiClient } from './createApiClient.ts';
export type { ApiClient } from './createApiClient.ts';
export { errorMessage, unwrapBody } from './unwrapBody.ts';
export { createMediaClient, type MediaClient, type MediaClientOptions } from './createMediaClient.ts';
export { fetchTwitchState, type TwitchStateSource } from './fetchTwitchState.ts';
export { createDevClient, type DevClient, type DevClientOptions } from './createDevClient.ts';
