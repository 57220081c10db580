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

export function createFakeTwitchAuth(options: { clientId: string; tokenSeconds: number; now: () => number; pollSeconds: number }) {
  const devices = new Map<string, DeviceGrant>();
  const tokens = new Map<string, FakeToken>();
  const refreshTokens = new Map<string, { userId: string; scopes: string[] }>();
  let refuseRefresh = false;
  let slowDownOnce = false;
  const counts = { devicePolls: 0, refreshes: 0 };

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
    return refused(400, 'unsupported grant type');
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
