export { ApiError, errorResponse, jsonResponse } from './ApiError.ts';
export { type ApiLimits, DEFAULT_LIMITS, resolveLimits } from './ApiLimits.ts';
export { bearerToken } from './authenticate.ts';
export { CORS_HEADERS, PREFLIGHT_HEADERS, withCors } from './cors.ts';
export type { EndpointInfo, TokenNeeded } from './aboutRoutes.ts';
export { type ApiAppOptions, answerShape, createApiApp } from './createApiApp.ts';
export { API_VERSION, type EnvelopeOptions } from './shapeAnswer.ts';
