import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { EVENTSUB_EXAMPLES } from '../api/index.ts';

type Settings = Record<string, unknown>;
interface Plan {
  title: string;
  headline: string;
  detail: string;
  message: string;
  big: boolean;
  image: string;
  video: string;
  sound: string;
}
interface AlertBox {
  planAlert(record: unknown, settings: Settings): Plan | null;
  ALERT_TYPES: Record<string, { prefix: string; message: string }>;
}

/** The alert box's planAlert, loaded as the page loads it (classic scripts, formatMessage.js first). */
function loadAlertBox(): AlertBox {
  const sandbox: { AlertBox?: AlertBox } = {};
  for (const file of ['formatMessage.js', 'planAlert.js']) runInNewContext(readFileSync(`modules/demo.event.alerts/${file}`, 'utf8'), sandbox);
  return sandbox.AlertBox!;
}

const manifest = JSON.parse(readFileSync('modules/demo.event.alerts/module.json', 'utf8')) as { settings: Record<string, { default: unknown }> };
/** The settings as Overlay.settings() gives them when the streamer changed nothing. */
const DEFAULTS: Settings = Object.fromEntries(Object.entries(manifest.settings).map(([key, setting]) => [key, setting.default]));
const record = (type: string, event: Record<string, unknown>, marks: Record<string, unknown> = {}) => ({ id: 'e1', at: 1, subscription: { type, version: '1' }, event, ...marks });
const example = (type: keyof typeof EVENTSUB_EXAMPLES, event: Record<string, unknown> = {}) => record(type, { ...EVENTSUB_EXAMPLES[type].event, ...event });
const lines = (plan: Plan | null) => plan && [plan.title, plan.headline, plan.detail, plan.message];

describe('demo.event.alerts planAlert', () => {
  const { planAlert, ALERT_TYPES } = loadAlertBox();

  it("with the defaults every type reads as the alert box always has (Twitch's examples)", () => {
    const plan = (type: keyof typeof EVENTSUB_EXAMPLES, event?: Record<string, unknown>) => lines(planAlert(example(type, event), DEFAULTS));
    expect(plan('channel.follow')).toEqual(['New follower', 'Cool_User', '', '']);
    expect(plan('channel.subscribe', { tier: '2000' })).toEqual(['New subscriber', 'Cool_User', 'Tier 2', '']);
    expect(plan('channel.subscription.message')).toEqual(['Resub', 'Cool_User', '15 months · Tier 1', 'Love the stream! FevziGG']);
    expect(plan('channel.subscription.gift', { total: 25 })).toEqual(['Gift bomb', 'Cool_User', 'gifted 25 subs', '']);
    expect(plan('channel.subscription.gift', { total: 1, user_name: null, is_anonymous: true })).toEqual(['Gift bomb', 'Anonymous', 'gifted 1 sub', '']);
    expect(plan('channel.cheer', { bits: 1 })).toEqual(['Cheer', 'Cool_User', '1 bit', 'pogchamp']);
    expect(plan('channel.raid', { viewers: 248 })).toEqual(['Incoming raid', 'Cool_User', 'with 248 viewers', '']);
    expect(plan('channel.channel_points_custom_reward_redemption.add')).toEqual(['Redemption', 'Cool_User', 'title', 'pogchamp']);
    expect(planAlert(example('channel.chat.message'), DEFAULTS)).toBeNull();
  });

  it("the module's default messages are the ones it falls back on when the settings cannot be read", () => {
    for (const kind of Object.values(ALERT_TYPES)) expect(DEFAULTS[`${kind.prefix}Message`]).toBe(kind.message);
    expect(lines(planAlert(example('channel.raid', { viewers: 2 }), {}))).toEqual(['Incoming raid', 'Cool_User', 'with 2 viewers', '']);
  });

  it("the streamer's message with its placeholders", () => {
    const settings = { ...DEFAULTS, cheerMessage: '{name} just threw {amount} bits! | {message}', redemptionMessage: '{name} redeemed {reward} ({amount} points) | {message}' };
    expect(lines(planAlert(example('channel.cheer', { bits: 300 }), settings))).toEqual(['Cheer', 'Cool_User just threw 300 bits!', 'pogchamp', '']);
    expect(planAlert(example('channel.channel_points_custom_reward_redemption.add'), settings)?.headline).toBe('Cool_User redeemed title (100 points)');
    expect(lines(planAlert(example('channel.subscription.message'), { ...DEFAULTS, resubMessage: '{name}: {months} months, {amount} in all' }))).toEqual(['Resub', 'Cool_User: 15 months, 15 in all', '', '']);
  });

  it('below its minimum no alert; at it, one', () => {
    const settings = { ...DEFAULTS, cheerMin: 100, giftMin: 5, raidMin: 10 };
    expect(planAlert(example('channel.cheer', { bits: 99 }), settings)).toBeNull();
    expect(planAlert(example('channel.cheer', { bits: 100 }), settings)).not.toBeNull();
    expect(planAlert(example('channel.subscription.gift', { total: 4 }), settings)).toBeNull();
    expect(planAlert(example('channel.raid', { viewers: 9 }), settings)).toBeNull();
    expect(planAlert(example('channel.raid', { viewers: 10 }), settings)).not.toBeNull();
  });

  it('at or above Big … from: the big message, picture and sound where set, the type\'s own where not', () => {
    const settings = { ...DEFAULTS, bigCheerFrom: 500, bigCheerMessage: 'MEGA {name} | {amount} bits', cheerImage: '/media/small', cheerSound: '/media/ding', bigCheerSound: '/media/boom' };
    expect(planAlert(example('channel.cheer', { bits: 499 }), settings)).toMatchObject({ big: false, headline: 'Cool_User', image: '/media/small', sound: '/media/ding' });
    expect(planAlert(example('channel.cheer', { bits: 500 }), settings)).toMatchObject({ big: true, headline: 'MEGA Cool_User', detail: '500 bits', image: '/media/small', sound: '/media/boom' });
    const withImage = { ...settings, bigCheerImage: '/media/big' };
    expect(planAlert(example('channel.cheer', { bits: 500 }), withImage)).toMatchObject({ image: '/media/big', video: '' });
    // No big message set: the type's own.
    expect(planAlert(example('channel.raid', { viewers: 100 }), DEFAULTS)).toMatchObject({ big: true, detail: 'with 100 viewers' });
  });

  it('a tier 3 subscription is the big subscription; tiers 1 and 2 are not', () => {
    const settings = { ...DEFAULTS, bigSubMessage: '{name} | went {tier}!', subSound: '/media/sub' };
    expect(planAlert(example('channel.subscribe', { tier: '3000' }), settings)).toMatchObject({ big: true, headline: 'Cool_User', detail: 'went Tier 3!', sound: '/media/sub' });
    expect(planAlert(example('channel.subscribe', { tier: '2000' }), settings)).toMatchObject({ big: false, detail: 'Tier 2' });
  });

  it('a video plays in the picture\'s place (a big variation\'s own picture wins); no sound set is the chime ("")', () => {
    const settings = { ...DEFAULTS, followImage: '/media/gif', followVideo: '/media/clip' };
    expect(planAlert(example('channel.follow'), settings)).toMatchObject({ image: '', video: '/media/clip', sound: '' });
    expect(planAlert(example('channel.follow'), { ...settings, followVideo: '' })).toMatchObject({ image: '/media/gif', video: '' });
    const cheers = { ...DEFAULTS, cheerVideo: '/media/clip', bigCheerImage: '/media/big', bigCheerFrom: 100 };
    expect(planAlert(example('channel.cheer', { bits: 100 }), cheers)).toMatchObject({ image: '/media/big', video: '' });
    expect(planAlert(example('channel.cheer', { bits: 99 }), cheers)).toMatchObject({ image: '', video: '/media/clip' });
  });

  it('a type switched off, or a missed event with missed set to skip, shows nothing', () => {
    expect(planAlert(example('channel.follow'), { ...DEFAULTS, follows: false })).toBeNull();
    expect(planAlert(record('channel.raid', { viewers: 3 }, { missed: true }), { ...DEFAULTS, missed: 'skip' })).toBeNull();
    expect(planAlert(record('channel.raid', { viewers: 3 }, { missed: true }), DEFAULTS)).not.toBeNull();
    expect(planAlert(record('custom.thing', {}), DEFAULTS)).toBeNull();
  });
});
