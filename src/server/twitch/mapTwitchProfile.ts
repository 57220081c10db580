import type { Profile } from '../../api/index.ts';

type TwitchSection = Profile['twitch'];

/** What Helix `GET /users` gives (twurple's HelixUser getters). */
export interface HelixUserFacts {
  id: string;
  name: string;
  type: string;
  broadcasterType: string;
  description: string;
  profilePictureUrl: string;
  offlinePlaceholderUrl: string;
}

/** What Helix `GET /streams` gives for a live channel (twurple's HelixStream). */
export interface HelixStreamFacts {
  id: string;
  gameId: string;
  gameName: string;
  title: string;
  viewers: number;
  startDate: Date;
  language: string;
  thumbnailUrl: string;
  tags: string[];
}

/** What Helix `GET /channels` gives (twurple's HelixChannel): the title, category and language also while offline. */
export interface HelixChannelFacts {
  language: string;
  gameId: string;
  gameName: string;
  title: string;
  tags: string[];
}

/** Offline streams carry this start (the schema wants a date): the epoch, zero, `00:00h`. */
const NOT_LIVE = { startedAt: '1970-01-01T00:00:00Z', startedAtUnix: 0, converted: '00:00h' };

/**
 * The profile's `twitch` section from Helix (docs/twitch.md has the table).
 * Members Helix does not know (`views`, `isBanned`, `bannedSince`,
 * `lastStream`) keep their previous value; going offline turns the stream that
 * was live into `lastStream`.
 */
export function mapTwitchProfile(previous: TwitchSection, facts: { user: HelixUserFacts; stream: HelixStreamFacts | null; channel: HelixChannelFacts | null }, now: number): TwitchSection {
  const { user, stream, channel } = facts;
  const twitchUser = {
    ...previous.user,
    id: user.id,
    name: user.name,
    userType: user.type,
    broadcasterType: user.broadcasterType,
    description: user.description,
    pb: user.profilePictureUrl,
    offlineImg: user.offlinePlaceholderUrl,
  };
  return { ...previous, user: twitchUser, stream: stream ? liveStream(previous.stream, stream, now) : offlineStream(previous.stream, channel, now) };
}

function liveStream(previous: TwitchSection['stream'], stream: HelixStreamFacts, now: number): TwitchSection['stream'] {
  const startedAtUnix = stream.startDate.getTime();
  return {
    ...previous,
    id: stream.id,
    status: 'live',
    title: stream.title,
    viewer: stream.viewers,
    language: stream.language,
    preview: stream.thumbnailUrl.replace('{width}', '1920').replace('{height}', '1080'),
    game: { id: stream.gameId, name: stream.gameName },
    uptime: { startedAt: new Date(startedAtUnix).toISOString().replace(/\.\d{3}Z$/, 'Z'), startedAtUnix, converted: hoursAndMinutes(now - startedAtUnix) },
    tags: stream.tags,
    stats: now,
  };
}

function offlineStream(previous: TwitchSection['stream'], channel: HelixChannelFacts | null, now: number): TwitchSection['stream'] {
  const lastStream =
    previous.status === 'live'
      ? { uptime: hoursAndMinutes(now - previous.uptime.startedAtUnix), title: previous.title, vod: '', startedAt: previous.uptime.startedAt }
      : previous.lastStream;
  return {
    ...previous,
    id: '',
    status: 'offline',
    title: channel?.title ?? previous.title,
    viewer: 0,
    language: channel?.language ?? previous.language,
    preview: '',
    game: channel ? { id: channel.gameId, name: channel.gameName } : previous.game,
    uptime: NOT_LIVE,
    lastStream,
    tags: channel?.tags ?? previous.tags,
    stats: now,
  };
}

/** `HH:MMh`, as the hosted profile writes an uptime. */
export function hoursAndMinutes(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}h`;
}
