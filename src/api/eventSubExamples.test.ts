import { describe, expect, it } from 'vitest';
import { EVENTSUB_EXAMPLES, exampleEvent, TEST_BUTTONS, testEventBody } from './eventSubExamples.ts';
import { PostEventSchema } from './streamEvents.ts';

describe('EventSub examples', () => {
  it('has one valid POST body per test button, marked test', () => {
    expect(TEST_BUTTONS.map((button) => button.label)).toEqual([
      'Test follow', 'Test subscription', 'Test resub', 'Test gift bomb', 'Test cheer', 'Test raid', 'Test redemption', 'Test chat message',
    ]);
    for (const { type } of TEST_BUTTONS) {
      const body = testEventBody(type);
      expect(PostEventSchema.parse(body)).toEqual(body);
      expect(body).toMatchObject({ type, test: true, version: EVENTSUB_EXAMPLES[type].version });
    }
  });

  it('puts the edited user name and amount where the type keeps them, without touching the example', () => {
    const raid = exampleEvent('channel.raid', { userName: 'Big_Raider', amount: 42 });
    expect(raid).toMatchObject({ from_broadcaster_user_name: 'Big_Raider', from_broadcaster_user_login: 'big_raider', viewers: 42 });
    expect(exampleEvent('channel.channel_points_custom_reward_redemption.add', { amount: 5 })).toMatchObject({ reward: { cost: 5 } });
    expect(exampleEvent('channel.follow', { amount: 5 })).toEqual(EVENTSUB_EXAMPLES['channel.follow'].event);
    expect(EVENTSUB_EXAMPLES['channel.raid'].event.viewers).toBe(9001);
  });
});
