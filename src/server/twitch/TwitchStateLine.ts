/** One streamer's Twitch connection as the API's root shows it: never a token. */
export interface TwitchStateLine {
  userId: string;
  login: string;
  /** 'connected', 'elsewhere' (another instance holds it) or 'Twitch: log in again'. */
  state: string;
}
