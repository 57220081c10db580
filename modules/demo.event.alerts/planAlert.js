// Alert box: what one alert shows (title, lines, picture or video, sound) from an event and the
// streamer's settings, or nothing (its type off, under its minimum, missed and skipped), without
// touching the page, so the rules can be checked on their own. Classic script: it adds
// `planAlert` and `ALERT_TYPES` to `AlertBox` for main.js (and for its unit test); it needs
// formatMessage.js first.
(() => {
  const tier = (value) => (value === '3000' ? 'Tier 3' : value === '2000' ? 'Tier 2' : value === 'prime' ? 'Prime' : 'Tier 1');
  const name = (e, key = 'user_name') => (typeof e[key] === 'string' && e[key]) || (e.is_anonymous ? 'Anonymous' : 'Someone');
  const text = (value) => (typeof value === 'string' ? value : '');

  /**
   * Per type: its settings' prefix (`cheerMessage`, `bigCheerFrom`, ...), its default message
   * (module.json's, for when the settings cannot be read), its on/off setting, its title, the values its message can use, and the amount its minimum and big variation
   * compare with (a subscription's big variation is tier 3).
   */
  const ALERT_TYPES = {
    'channel.follow': { prefix: 'follow',
      message: '{name}', toggle: 'follows', title: 'New follower', values: (e) => ({ name: name(e) }) },
    'channel.subscribe': {
      prefix: 'sub',
      message: '{name} | {tier}',
      toggle: 'subs',
      title: 'New subscriber',
      values: (e) => ({ name: name(e), tier: tier(e.tier) }),
      big: (e) => e.tier === '3000',
    },
    'channel.subscription.message': {
      prefix: 'resub',
      message: '{name} | {months:month:months} · {tier} | {message}',
      toggle: 'resubs',
      title: 'Resub',
      values: (e) => {
        const months = Number(e.cumulative_months) || 1;
        return { name: name(e), amount: months, months, tier: tier(e.tier), message: text(e.message?.text) };
      },
    },
    'channel.subscription.gift': {
      prefix: 'gift',
      message: '{name} | gifted {amount:sub:subs}',
      toggle: 'gifts',
      title: 'Gift bomb',
      values: (e) => ({ name: name(e), amount: Number(e.total) || 1, tier: tier(e.tier) }),
      amount: true,
    },
    'channel.cheer': { prefix: 'cheer',
      message: '{name} | {amount:bit:bits} | {message}', toggle: 'cheers', title: 'Cheer', values: (e) => ({ name: name(e), amount: Number(e.bits) || 0, message: text(e.message) }), amount: true },
    'channel.raid': {
      prefix: 'raid',
      message: '{name} | with {amount:viewer:viewers}',
      toggle: 'raids',
      title: 'Incoming raid',
      values: (e) => ({ name: name(e, 'from_broadcaster_user_name'), amount: Number(e.viewers) || 0 }),
      amount: true,
    },
    'channel.channel_points_custom_reward_redemption.add': {
      prefix: 'redemption',
      message: '{name} | {reward} | {message}',
      toggle: 'redemptions',
      title: 'Redemption',
      values: (e) => ({ name: name(e), amount: Number(e.reward?.cost) || 0, reward: text(e.reward?.title), message: text(e.user_input) }),
    },
  };

  const capital = (prefix) => prefix.charAt(0).toUpperCase() + prefix.slice(1);
  const set = (value) => typeof value === 'string' && value.trim() !== '';

  /** True when the event is at or above its type's `Big … from` (tier 3 for subscriptions). */
  function isBig(kind, values, event, settings) {
    if (kind.big) return kind.big(event);
    const from = Number(settings[`big${capital(kind.prefix)}From`]);
    return kind.amount === true && Number.isFinite(from) && values.amount >= from;
  }

  /** The first of `values` that is set (a non-blank string), or ''. */
  const first = (...values) => values.find(set) ?? '';

  /**
   * The variation's message, picture and sound where set, the type's own where not. A video set for
   * the type plays in its picture's place, unless the big variation has a picture of its own.
   * No sound: '' (the chime).
   */
  function chooseVariation(kind, big, settings) {
    const own = (what) => settings[`${kind.prefix}${what}`];
    const bigs = (what) => (big ? settings[`big${capital(kind.prefix)}${what}`] : '');
    const message = set(bigs('Message')) ? bigs('Message') : typeof own('Message') === 'string' ? own('Message') : kind.message;
    const video = set(bigs('Image')) ? '' : first(own('Video'));
    const image = video ? '' : first(bigs('Image'), own('Image'));
    return { message, image, video, sound: first(bigs('Sound'), own('Sound')) };
  }

  /** What an alert shows, or null when this box shows nothing for it. */
  function planAlert(record, settings) {
    const kind = ALERT_TYPES[record?.subscription?.type];
    if (!kind || settings[kind.toggle] === false) return null;
    if (record.missed && settings.missed === 'skip') return null;
    const event = record.event ?? {};
    const values = kind.values(event);
    const minimum = Number(settings[`${kind.prefix}Min`]);
    if (kind.amount === true && Number.isFinite(minimum) && values.amount < minimum) return null;
    const big = isBig(kind, values, event, settings);
    const variation = chooseVariation(kind, big, settings);
    const [headline = '', detail = '', message = ''] = globalThis.AlertBox.formatMessage(variation.message, values);
    return { title: kind.title, headline, detail, message, big, image: variation.image, video: variation.video, sound: variation.sound };
  }

  globalThis.AlertBox = { ...globalThis.AlertBox, ALERT_TYPES, planAlert };
})();
