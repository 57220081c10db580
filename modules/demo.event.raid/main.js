// Raid alert: shows each new value of `lastRaid` ({from, viewers}) for a few
// seconds (the `seconds` setting), one after the other. Its dock panel
// (panel.html) writes a test raid. A value already there at start is an old raid
// and is not shown. `change` reports writes from other modules and overlays;
// a slow poll also catches writes made straight to the API (a chat bot).
const POLL_MS = 5000;
const alert = document.querySelector('[data-testid="raid-alert"]');
const $ = (id) => alert.querySelector(`[data-testid="${id}"]`);
const queue = [];
let lastSeen;
let showing = false;
let pollTimer;
let showMs = 8000;

/** A raid from a stored value: {from, viewers} or just a name; null when unusable. */
function toRaid(value) {
  if (typeof value === 'string' && value.trim()) return { from: value.trim(), viewers: 0 };
  if (!value || typeof value !== 'object' || typeof value.from !== 'string' || !value.from.trim()) return null;
  const viewers = Number.isFinite(value.viewers) && value.viewers > 0 ? Math.floor(value.viewers) : 0;
  return { from: value.from.trim(), viewers };
}

function showNext() {
  const raid = queue.shift();
  if (!raid) {
    showing = false;
    alert.dataset.state = 'idle';
    return;
  }
  showing = true;
  $('raid-from').textContent = raid.from;
  $('raid-viewers').textContent = raid.viewers.toLocaleString('en');
  $('raid-unit').textContent = raid.viewers === 1 ? 'viewer' : 'viewers';
  alert.dataset.state = 'showing';
  setTimeout(showNext, showMs);
}

/** Queues `value` when it differs from the last raid seen; `silent` only records it. */
function receive(value, silent = false) {
  const text = JSON.stringify(value ?? null);
  // aria-busy: until the raid already stored is known, a new one cannot be told apart.
  alert.setAttribute('aria-busy', 'false');
  if (text === lastSeen) return;
  lastSeen = text;
  if (silent) return;
  const raid = toRaid(value);
  if (!raid) return;
  queue.push(raid);
  if (!showing) showNext();
}

function startPolling() {
  clearInterval(pollTimer);
  pollTimer = setInterval(() => {
    // Until the start value is known, a polled value is taken as that one.
    Overlay.db.get('lastRaid').then((value) => receive(value, lastSeen === undefined), () => {});
  }, POLL_MS);
}

/** How long an alert stays: the `seconds` setting, or its default. */
async function loadSettings() {
  showMs = (await Overlay.settings()).seconds * 1000;
}

async function start() {
  Overlay.on('change', ({ key, value }) => {
    if (key === 'lastRaid') receive(value);
    if (key === 'seconds') loadSettings().catch(() => {});
  });
  Overlay.on('hidden', () => clearInterval(pollTimer));
  Overlay.on('visible', startPolling);
  try {
    await Overlay.ready;
    await loadSettings();
    receive(await Overlay.db.get('lastRaid'), true);
  } catch (error) {
    // Nothing to show until a raid comes in; the console says why.
    console.warn(`[raid] last raid not read (${error?.code ?? 'error'})`);
  }
  startPolling();
}

if (window.Overlay) start();
