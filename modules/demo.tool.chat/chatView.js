// Chat box: turns one `channel.chat.message` record into what the box shows,
// without touching the page, so that the rules can be checked on recorded payloads.
// Classic script: it defines `ChatView` for main.js (and for its unit test).
(() => {
  // Twitch's CTCP marker: a `/me` message arrives as "\u0001ACTION text\u0001".
  const ACTION_START = '\u0001ACTION ';
  const ACTION_END = '\u0001';
  const EMOTE_URL = 'https://static-cdn.jtvnw.net/emoticons/v2/{id}/default/dark/1.0';
  // Badge images need a Helix call a module cannot make: a letter per well-known set stands in.
  const BADGE_LETTERS = { broadcaster: 'B', moderator: 'M', vip: 'V', subscriber: 'S', founder: 'F', 'sub-gifter': 'G', partner: 'P', staff: 'T', artist: 'A' };

  /** A name colour Twitch may leave empty: a stable one picked from the login instead. */
  function colourOf(event) {
    if (typeof event.color === 'string' && /^#[0-9a-f]{6}$/i.test(event.color)) return event.color;
    const palette = ['#ff4a4a', '#4a9dff', '#3fd27c', '#ffb347', '#c77dff', '#ff7ac8', '#4ae0e0'];
    const login = String(event.chatter_user_login ?? '');
    let hash = 0;
    for (const char of login) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
    return palette[hash % palette.length];
  }

  /** The parts of a message: text and emotes from EventSub's fragments (mentions and cheermotes read as text). */
  function partsOf(message) {
    const fragments = Array.isArray(message?.fragments) && message.fragments.length > 0 ? message.fragments : [{ type: 'text', text: String(message?.text ?? '') }];
    return fragments.map((fragment) => {
      const text = String(fragment.text ?? '');
      if (fragment.type === 'emote' && fragment.emote?.id) return { kind: 'emote', alt: text, url: EMOTE_URL.replace('{id}', encodeURIComponent(fragment.emote.id)) };
      return { kind: 'text', text };
    });
  }

  /** Strips the `/me` marker from the first and last text parts; answers whether it was there. */
  function stripAction(parts) {
    const first = parts[0];
    if (first?.kind !== 'text' || !first.text.startsWith(ACTION_START)) return false;
    first.text = first.text.slice(ACTION_START.length);
    const last = parts[parts.length - 1];
    if (last.kind === 'text' && last.text.endsWith(ACTION_END)) last.text = last.text.slice(0, -ACTION_END.length);
    return true;
  }

  /** What one record shows: `null` for anything that is not a chat message. */
  function toChatLine(record) {
    const event = record?.event;
    if (record?.subscription?.type !== 'channel.chat.message' || !event || typeof event !== 'object') return null;
    const parts = partsOf(event.message);
    const action = stripAction(parts);
    const badges = (Array.isArray(event.badges) ? event.badges : []).map((badge) => ({
      set: String(badge.set_id ?? ''),
      letter: BADGE_LETTERS[badge.set_id] ?? String(badge.set_id ?? '?').charAt(0).toUpperCase(),
    }));
    return { id: String(record.id), name: String(event.chatter_user_name ?? event.chatter_user_login ?? ''), colour: colourOf(event), badges, parts, action };
  }

  /** The lines kept: the newest `max`, in arrival order. */
  function keepNewest(lines, line, max) {
    return [...lines, line].slice(-Math.max(1, max));
  }

  globalThis.ChatView = { toChatLine, keepNewest };
})();
