/** Helix answers for the tests' streamer, shaped as Twitch's API reference shows them. */
export const HELIX_USER = {
  id: '1337',
  login: 'cool_user',
  display_name: 'Cool_User',
  type: '',
  broadcaster_type: 'affiliate',
  description: 'Speedruns and chat.',
  profile_image_url: 'https://static-cdn.jtvnw.net/jtv_user_pictures/cool_user-profile_image-300x300.png',
  offline_image_url: 'https://static-cdn.jtvnw.net/jtv_user_pictures/cool_user-channel_offline_image-1920x1080.png',
  view_count: 0,
  created_at: '2016-12-14T20:32:28Z',
};

export const HELIX_STREAM = {
  id: '40952121085',
  user_id: '1337',
  user_login: 'cool_user',
  user_name: 'Cool_User',
  game_id: '509658',
  game_name: 'Just Chatting',
  type: 'live',
  title: 'Hey chat!',
  tags: ['English'],
  viewer_count: 78365,
  started_at: '2021-03-10T15:04:21Z',
  language: 'en',
  thumbnail_url: 'https://static-cdn.jtvnw.net/previews-ttv/live_user_cool_user-{width}x{height}.jpg',
  tag_ids: [],
  is_mature: false,
};

export const HELIX_CHANNEL = {
  broadcaster_id: '1337',
  broadcaster_login: 'cool_user',
  broadcaster_name: 'Cool_User',
  broadcaster_language: 'de',
  game_id: '12453',
  game_name: 'Grand Theft Auto',
  title: 'Offline title',
  delay: 0,
  tags: ['Deutsch'],
  content_classification_labels: [],
  is_branded_content: false,
};
