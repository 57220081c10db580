// Recent events: the latest follower, the latest subscriber (a sub, a resub or
// a gift bomb's gifter) and the top cheer of the stream. It starts from the
// history (Overlay.events.list) and then follows Overlay.on('event'). Test
// events (the dock's test buttons) are shown as latest, but never counted as
// the top cheer: "show it, don't count it".
const $ = (id) => document.querySelector(`[data-testid="${id}"]`);
const SUBS = new Set(['channel.subscribe', 'channel.subscription.message', 'channel.subscription.gift']);
const OFFLINE_WINDOW_MS = 12 * 60 * 60 * 1000;
const seen = new Set();
let since = Date.now() - OFFLINE_WINDOW_MS;
let best = null;

const who = (e) => (typeof e.user_name === 'string' && e.user_name) || (e.is_anonymous ? 'Anonymous' : 'Someone');

/** Takes one record, oldest to newest: the newest follower and sub win, the largest cheer stays. */
function take(record) {
  if (seen.has(record.id) && !record.replayed) return;
  seen.add(record.id);
  const type = record.subscription.type;
  const event = record.event ?? {};
  if (type === 'channel.follow') $('follower').textContent = who(event);
  else if (SUBS.has(type)) $('sub').textContent = type === 'channel.subscription.gift' ? `${who(event)} (${Number(event.total) || 1} gifts)` : who(event);
  else if (type === 'channel.cheer' && !record.test && record.at >= since) {
    const bits = Number(event.bits) || 0;
    if (!best || bits > best.bits) {
      best = { bits, name: who(event) };
      $('cheer').textContent = `${best.name} (${bits.toLocaleString('en')} bits)`;
    }
  }
}

/** The stream's start from the profile when live: "of the stream" means since then. */
function streamStart(profile) {
  const stream = profile?.twitch?.stream;
  const started = stream?.uptime?.startedAtUnix;
  return stream?.status === 'live' && Number.isFinite(started) ? started : Date.now() - OFFLINE_WINDOW_MS;
}

async function start() {
  // Live events that come while the history loads wait, so the order stays oldest to newest.
  const early = [];
  let loaded = false;
  Overlay.on('event', (record) => (loaded ? take(record) : early.push(record)));
  try {
    const { profile } = await Overlay.ready;
    since = streamStart(profile);
    const { events } = await Overlay.events.list({ limit: 1000 });
    for (const record of events) take(record);
  } catch (error) {
    $('note').hidden = false;
    $('note').textContent = `History not read (${error?.code ?? 'error'}): showing new events only`;
  }
  loaded = true;
  for (const record of early.splice(0)) take(record);
  $('recent').setAttribute('aria-busy', 'false');
}

if (window.Overlay) start();
