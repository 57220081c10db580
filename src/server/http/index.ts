export { HttpError, errorResponse, jsonResponse } from './HttpError.ts';
export { type ApiLimits, DEFAULT_LIMITS, resolveLimits } from './ApiLimits.ts';
export { bearerToken } from './auth/authenticate.ts';
export { CORS_HEADERS, PREFLIGHT_HEADERS, withCors } from './cors.ts';
export type { EndpointInfo, TokenNeeded } from './about/aboutRoutes.ts';
export { type ApiAppOptions, answerShape, createApiApp, type MediaOptions, TWITCH_WEBHOOK_PATH } from './createApiApp.ts';
export { databaseLane } from './database/databaseLane.ts';
export { answerClientError, answerRequestError } from './malformedRequests.ts';
export { API_VERSION, type EnvelopeOptions } from './shapeAnswer.ts';
