/**
 * Where Twitch is reached. With `TWURPLE_MOCK_API_PORT` set, every call goes to
 * one local server the way twurple and the Twitch CLI's mock server agree on, so
 * that our own calls (the device flow, the refresh) and twurple's reach the same fake.
 */
export interface TwitchUrls {
  /** `https://id.twitch.tv/oauth2/<path>`, or `http://localhost:<port>/auth/<path>`. */
  auth(path: string): string;
  /** `https://api.twitch.tv/helix/<path>`, or `http://localhost:<port>/mock/<path>` (`/eventsub/subscriptions` unprefixed). */
  helix(path: string): string;
  /** The EventSub WebSocket's first address. */
  eventSubWs: string;
}

export function twitchUrls(env: Record<string, string | undefined> = process.env): TwitchUrls {
  const port = env.TWURPLE_MOCK_API_PORT;
  if (!port) {
    return {
      auth: (path) => `https://id.twitch.tv/oauth2/${trim(path)}`,
      helix: (path) => `https://api.twitch.tv/helix/${trim(path)}`,
      eventSubWs: 'wss://eventsub.wss.twitch.tv/ws',
    };
  }
  const base = `http://localhost:${port}`;
  return {
    auth: (path) => `${base}/auth/${trim(path)}`,
    helix: (path) => (trim(path).startsWith('eventsub/subscriptions') ? `${base}/${trim(path)}` : `${base}/mock/${trim(path)}`),
    eventSubWs: `ws://127.0.0.1:${port}/ws`,
  };
}

function trim(path: string): string {
  return path.replace(/^\/+/, '');
}
