import { randomBytes } from 'node:crypto';

/** The fake's OAuth side: device codes, tokens and refresh tokens, as Twitch's authentication docs describe them. */
export interface FakeToken {
  userId: string | null;
  scopes: string[];
  expired: boolean;
}

interface DeviceGrant {
  userCode: string;
  scopes: string[];
  state: 'pending' | 'approved' | 'denied';
  userId?: string;
  expiresAt: number;
}

/** A code of the authorization code flow, given to `redirect_uri` by `GET /auth/authorize`. */
interface CodeGrant {
  userId: string;
  scopes: string[];
  redirectUri: string;
}

export function createFakeTwitchAuth(options: { clientId: string; clientSecret: string; tokenSeconds: number; now: () => number; pollSeconds: number }) {
  const devices = new Map<string, DeviceGrant>();
  const codes = new Map<string, CodeGrant>();
  /** Who is signed in on twitch.tv and what they click on the authorize page. */
  let authorizer: { userId: string | (() => string) } | { error: string; description: string } = { userId: '1337' };
  const tokens = new Map<string, FakeToken>();
  const refreshTokens = new Map<string, { userId: string; scopes: string[] }>();
  let refuseRefresh = false;
  let slowDownOnce = false;
  const counts = { devicePolls: 0, refreshes: 0, codeExchanges: 0 };

  const issue = (userId: string | null, scopes: string[]) => {
    const access = randomBytes(15).toString('hex');
    tokens.set(access, { userId, scopes, expired: false });
    const body: Record<string, unknown> = { access_token: access, expires_in: options.tokenSeconds, scope: scopes, token_type: 'bearer' };
    if (userId) {
      const refresh = randomBytes(25).toString('hex');
      refreshTokens.set(refresh, { userId, scopes });
      body.refresh_token = refresh;
    }
    return body;
  };
  const refused = (status: number, message: string) => ({ status, body: { status, message } });

  const token = (params: URLSearchParams): { status: number; body: unknown } => {
    if (params.get('client_id') !== options.clientId) return refused(400, 'invalid client');
    const grant = params.get('grant_type');
    if (grant === 'urn:ietf:params:oauth:grant-type:device_code') return pollDevice(params.get('device_code') ?? '');
    if (grant === 'refresh_token') {
      counts.refreshes++;
      const known = refreshTokens.get(params.get('refresh_token') ?? '');
      if (!known || refuseRefresh) return refused(400, 'Invalid refresh token');
      return { status: 200, body: issue(known.userId, known.scopes) };
    }
    if (grant === 'client_credentials') return { status: 200, body: issue(null, []) };
    if (grant === 'authorization_code') return exchangeCode(params);
    return refused(400, 'unsupported grant type');
  };
  const exchangeCode = (params: URLSearchParams) => {
    counts.codeExchanges++;
    if (params.get('client_secret') !== options.clientSecret) return refused(403, 'invalid client secret');
    const code = codes.get(params.get('code') ?? '');
    // A code is single use, and bound to the redirect_uri it was issued for (RFC 6749, 4.1.3).
    codes.delete(params.get('code') ?? '');
    if (!code || code.redirectUri !== params.get('redirect_uri')) return refused(400, 'Invalid authorization code');
    return { status: 200, body: issue(code.userId, code.scopes) };
  };
  /** `GET /oauth2/authorize`: Twitch's page, as if the streamer were signed in and clicked: 302 to `redirect_uri`. */
  const authorize = (query: URLSearchParams): { status: number; body: unknown; headers?: Record<string, string> } => {
    const redirectUri = query.get('redirect_uri') ?? '';
    if (query.get('client_id') !== options.clientId || query.get('response_type') !== 'code' || !/^https?:\/\//.test(redirectUri)) {
      return refused(400, 'invalid authorize request');
    }
    const target = new URL(redirectUri);
    if ('error' in authorizer) {
      target.searchParams.set('error', authorizer.error);
      target.searchParams.set('error_description', authorizer.description);
    } else {
      const code = randomBytes(15).toString('hex');
      const userId = typeof authorizer.userId === 'function' ? authorizer.userId() : authorizer.userId;
      codes.set(code, { userId, scopes: (query.get('scope') ?? '').split(' ').filter(Boolean), redirectUri });
      target.searchParams.set('code', code);
      target.searchParams.set('scope', query.get('scope') ?? '');
    }
    const state = query.get('state');
    if (state !== null) target.searchParams.set('state', state);
    return { status: 302, body: '', headers: { Location: target.href } };
  };
  const pollDevice = (deviceCode: string) => {
    counts.devicePolls++;
    const device = devices.get(deviceCode);
    if (!device) return refused(400, 'invalid device code');
    if (options.now() > device.expiresAt) return refused(400, 'expired_token');
    if (device.state === 'denied') return refused(400, 'access_denied');
    if (slowDownOnce) {
      slowDownOnce = false;
      return refused(400, 'slow_down');
    }
    if (device.state === 'pending') return refused(400, 'authorization_pending');
    devices.delete(deviceCode);
    return { status: 200, body: issue(device.userId!, device.scopes) };
  };

  return {
    counts,
    tokens,
    device(params: URLSearchParams): { status: number; body: unknown } {
      if (params.get('client_id') !== options.clientId) return refused(400, 'invalid client');
      const deviceCode = randomBytes(20).toString('hex');
      const userCode = randomBytes(4).toString('hex').toUpperCase();
      const scopes = (params.get('scopes') ?? '').split(' ').filter(Boolean);
      devices.set(deviceCode, { userCode, scopes, state: 'pending', expiresAt: options.now() + 1_800_000 });
      const body = { device_code: deviceCode, expires_in: 1800, interval: options.pollSeconds, user_code: userCode, verification_uri: `https://www.twitch.tv/activate?public=true&device-code=${userCode}` };
      return { status: 200, body };
    },
    token,
    authorize,
    /** The Twitch user who approves at `GET /auth/authorize` from now on; a function names one per request. @default '1337' */
    authorizeAs(userId: string | (() => string)) {
      authorizer = { userId };
    },
    /** From now on the streamer clicks "Cancel" on the authorize page (Twitch redirects with `error=access_denied`). */
    refuseAuthorize() {
      authorizer = { error: 'access_denied', description: 'The user denied you access' };
    },
    /** Codes given at `GET /auth/authorize` and not yet exchanged. */
    get pendingCodes() {
      return codes.size;
    },
    /** `GET /oauth2/validate` with `Authorization: OAuth <token>`. */
    validate(header: string | undefined): { status: number; body: unknown } {
      const found = tokenFrom(header);
      if (!found) return refused(401, 'invalid access token');
      const { userId, scopes } = found;
      return { status: 200, body: { client_id: options.clientId, login: userId ? `user${userId}` : undefined, scopes, user_id: userId ?? undefined, expires_in: options.tokenSeconds } };
    },
    /** The token of an `Authorization` header, if valid. */
    tokenFrom,
    /** What the streamer does on twitch.tv/activate. */
    approve(userCode: string, userId: string) {
      for (const device of devices.values()) if (device.userCode === userCode) Object.assign(device, { state: 'approved', userId });
    },
    deny(userCode: string) {
      for (const device of devices.values()) if (device.userCode === userCode) device.state = 'denied';
    },
    expireDeviceCodes() {
      for (const device of devices.values()) device.expiresAt = 0;
    },
    slowDownNextPoll() {
      slowDownOnce = true;
    },
    /** Every access token issued so far answers 401 from now on. */
    expireAccessTokens() {
      for (const issued of tokens.values()) issued.expired = true;
    },
    refuseRefreshes() {
      refuseRefresh = true;
    },
    /** Credentials for a user as a finished login would leave them (tests that start past the login). */
    grant(userId: string, scopes: string[]) {
      return issue(userId, scopes) as { access_token: string; refresh_token: string; expires_in: number; scope: string[] };
    },
  };

  function tokenFrom(header: string | undefined): FakeToken | undefined {
    const value = /^(?:OAuth|Bearer) (.+)$/.exec(header ?? '')?.[1];
    const found = value ? tokens.get(value) : undefined;
    return found && !found.expired ? found : undefined;
  }
}

export type FakeTwitchAuth = ReturnType<typeof createFakeTwitchAuth>;
