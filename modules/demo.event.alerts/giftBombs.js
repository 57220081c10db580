// Alert box: which gifted subs belong to a gift bomb. EventSub's `channel.subscribe` does not
// name the gifter, so after a `channel.subscription.gift` of `total` N, the `channel.subscribe`
// records with `is_gift: true` that follow within 10 s (up to N of them) are taken as its
// recipients and not shown one by one. Time is the records' own `at` (when the server
// accepted them), not the clock of the page: a bomb shown late still claims its recipients.
// Classic script: it adds `createGiftBombs` to `AlertBox` for main.js (and for its unit test).
(() => {
  const WINDOW_MS = 10_000;

  /** A memory of the last gift bomb; `isRecipient(record)` is true for a gifted sub it claims. */
  function createGiftBombs({ windowMs = WINDOW_MS } = {}) {
    let bomb = null;
    return {
      isRecipient(record) {
        const type = record?.subscription?.type;
        const event = record?.event ?? {};
        if (type === 'channel.subscription.gift') {
          bomb = { at: Number(record.at) || 0, left: Math.max(0, Math.floor(Number(event.total) || 0)) };
          return false;
        }
        if (type !== 'channel.subscribe' || event.is_gift !== true || !bomb) return false;
        const age = (Number(record.at) || 0) - bomb.at;
        if (bomb.left === 0 || age < 0 || age > windowMs) return false;
        bomb.left -= 1;
        return true;
      },
    };
  }

  globalThis.AlertBox = { ...globalThis.AlertBox, createGiftBombs };
})();
