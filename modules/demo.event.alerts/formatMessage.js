// Alert box: fills a streamer's message with an event's values, without touching the page,
// so the rules can be checked on their own. Classic script: it adds `formatMessage` to
// `AlertBox` for main.js (and for its unit test).
(() => {
  // `{name}`, or `{amount:bit:bits}`: the number and the word that fits it ("1 bit", "300 bits").
  const PLACEHOLDER = /\{(name|amount|tier|months|message|reward)(?::([^:{}|]*):([^:{}|]*))?\}/g;

  /** One value as shown: numbers grouped as in English ("1,500"), a missing one as nothing. */
  function shown(value, one, many) {
    if (typeof value === 'number' && Number.isFinite(value)) {
      const number = value.toLocaleString('en');
      return one === undefined ? number : `${number} ${value === 1 ? one : many}`;
    }
    return value === undefined || value === null ? '' : String(value);
  }

  /**
   * The lines a message shows: the text before the first `|` large, the next part below it,
   * the third (usually `{message}`) in the viewer's line. The message is split before the
   * values go in, so a `|` in a viewer's text stays text. Lines are plain text, never markup.
   */
  function formatMessage(template, values) {
    const parts = String(template ?? '').split('|').slice(0, 3);
    return parts.map((part) => part.replace(PLACEHOLDER, (_, key, one, many) => shown(values[key], one, many)).trim());
  }

  globalThis.AlertBox = { ...globalThis.AlertBox, formatMessage };
})();
