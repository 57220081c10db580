import { AUTH_MESSAGES, type OverlayToken, type Validation } from '../../../api/index.ts';
import { clientAddress, type ExchangeGuard } from '../../limits/index.ts';
import { entityTag, type Registry, type TokenGrant } from '../../registry/index.ts';
import { profileForGrant } from './profileForGrant.ts';
import { type Answer, jsonAnswer } from '../Answer.ts';
import { HttpError } from '../HttpError.ts';
import type { ApiRequest } from '../ApiRequest.ts';
import type { ApiLimits } from '../ApiLimits.ts';
import { ETAG_EXPOSE_HEADERS } from '../cors.ts';
import { requestOrigin } from '../auth/requestOrigin.ts';
import { parseJsonObject, readBody, requireJsonContentType } from '../body/readJsonBody.ts';

export interface AccountDeps {
  registry: Registry;
  limits: ApiLimits;
  /** Rate limits of the exchange; none when absent. */
  exchangeGuard?: ExchangeGuard;
  /** Proxies whose `X-Forwarded-For` entries name the client (`clientAddress`). @default 0 */
  trustProxy?: number;
}

/**
 * `GET /me`: the stored profile (`ProfileSchema`) with its ETag, for any valid token; an overlay
 * token reads it as `profileForGrant` cuts it (its own overlay id only, no Stream Deck token).
 */
export function readProfile({ registry }: AccountDeps) {
  return async (_request: ApiRequest, grant: TokenGrant): Promise<Answer> => {
    const tagged = await registry.taggedProfile(grant.userId);
    if (!tagged) throw new HttpError(401, AUTH_MESSAGES.invalid);
    const shown = profileForGrant(tagged.value, grant);
    if (shown === tagged.value) return jsonAnswer(200, JSON.stringify(shown), { ETag: tagged.etag, ...ETAG_EXPOSE_HEADERS });
    const json = JSON.stringify(shown);
    return jsonAnswer(200, json, { ETag: entityTag(json), ...ETAG_EXPOSE_HEADERS });
  };
}

/** `GET /auth/validate`: what the token is; `overlay` only for overlay tokens. */
export function validateToken({ registry }: AccountDeps) {
  return async (_request: ApiRequest, grant: TokenGrant): Promise<Answer> => {
    // A token whose user is gone is as good as unknown.
    const profile = await registry.profile(grant.userId);
    if (!profile) throw new HttpError(401, AUTH_MESSAGES.invalid);
    const body: Validation = {
      context: grant.context,
      ...(grant.context === 'overlay' ? { overlay: grant.overlay } : {}),
      userId: grant.userId,
      userName: profile.user.userName,
      expiresAt: grant.expiresAt,
    };
    return jsonAnswer(200, JSON.stringify(body));
  };
}

const OPAQUE_EXCHANGE = 'Forbidden - no overlay id is exchanged for an opaque origin (Origin: null), which module frames and panels have';

/** `POST /auth/overlay`: exchanges an overlay id for an overlay-generated token (201). */
export function exchangeOverlayId({ registry, limits, exchangeGuard, trustProxy = 0 }: AccountDeps) {
  return async (request: ApiRequest): Promise<Answer> => {
    requireJsonContentType(request);
    const body = parseJsonObject(await readBody(request, limits.maxBodyBytes), 'a JSON object with overlay');
    const overlayId = body.overlay;
    if (typeof overlayId !== 'string' || overlayId === '') {
      throw new HttpError(400, 'overlay is required and must be a non-empty string: an overlay id from profile.overlays');
    }
    const origin = requestOrigin(request);
    // Refused before it is counted: a module frame must not spend anyone's budget, nor get a token.
    if (origin === 'opaque') throw new HttpError(403, OPAQUE_EXCHANGE);
    const client = { address: clientAddress(request, trustProxy), origin };
    const refusal = await exchangeGuard?.admit(client, overlayId);
    if (refusal) {
      throw new HttpError(429, `Too many requests - ${refusal.reason}; retry in ${refusal.retryAfterSeconds} s`, {
        'Retry-After': String(refusal.retryAfterSeconds),
      });
    }
    const issued = await registry.exchangeOverlayId(overlayId);
    if (!issued) throw new HttpError(404, 'Not found - unknown overlay id');
    await exchangeGuard?.succeeded(client);
    const answer: OverlayToken = { token: issued.token, overlay: issued.overlay, expiresAt: issued.expiresAt };
    return jsonAnswer(201, JSON.stringify(answer));
  };
}
