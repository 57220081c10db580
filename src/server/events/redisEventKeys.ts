import { escapeKeyPart } from '../store/index.ts';

/** The data set's event epoch: created on first use, so a wiped Redis gets a new one. */
export const EVENT_EPOCH_KEY = 'events:epoch';

/** Key layout of the redis event log, per user: one stream, a dedupe key per id, a list per type. */
export const eventKeys = (userId: string) => {
  const user = escapeKeyPart(userId);
  return {
    stream: `events:${user}:log`,
    id: (id: string) => `events:${user}:id:${id}`,
    type: (type: string) => `events:${user}:type:${type}`,
    rate: `events:${user}:rate`,
    /** The pub/sub channel every instance with a live connection of this user listens to. */
    channel: `events:${user}`,
  };
};
