import { EVENTSUB_EXAMPLES as REFERENCE } from '../../../api/index.ts';

/**
 * The `event` member of each subscribed type, as Twitch's EventSub reference
 * shows it in its example notification (dev.twitch.tv/docs/eventsub/eventsub-subscription-types):
 * the ones the dock's test buttons send (src/api/eventSubExamples.ts), plus the
 * stream state types only Twitch sends. The fake Twitch delivers these; the
 * tests check they arrive unchanged.
 */
export const EVENTSUB_EXAMPLES: Record<string, Record<string, unknown>> = {
  ...Object.fromEntries(Object.values(REFERENCE).map((example) => [example.type, example.event])),
  'stream.online': {
    id: '9001',
    broadcaster_user_id: '1337',
    broadcaster_user_login: 'cool_user',
    broadcaster_user_name: 'Cool_User',
    type: 'live',
    started_at: '2020-10-11T10:11:12.123Z',
  },
  'stream.offline': { broadcaster_user_id: '1337', broadcaster_user_login: 'cool_user', broadcaster_user_name: 'Cool_User' },
  'channel.update': {
    broadcaster_user_id: '1337',
    broadcaster_user_login: 'cool_user',
    broadcaster_user_name: 'Cool_User',
    title: 'Best Stream Ever',
    language: 'en',
    category_id: '12453',
    category_name: 'Grand Theft Auto',
    content_classification_labels: ['MatureGame'],
  },
};
