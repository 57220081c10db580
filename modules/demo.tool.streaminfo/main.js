// Stream info: everything comes from the profile (Overlay.profile() once,
// then each `profile` event); the uptime ticks locally between profiles.
const $ = (id) => document.querySelector(`[data-testid="${id}"]`);
const view = {
  card: $('streaminfo'),
  live: $('live'),
  channel: $('channel'),
  title: $('title'),
  viewers: $('viewers'),
  uptime: $('uptime'),
  game: $('game'),
  note: $('note'),
};
// Start of the stream in this page's clock; null when offline or unknown.
let startedAt = null;

function showNote(text) {
  view.note.textContent = text;
  view.note.hidden = !text;
}

function formatDuration(ms) {
  const minutes = Math.max(0, Math.floor(ms / 60000));
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours}h ${String(minutes % 60).padStart(2, '0')}m` : `${minutes}m`;
}

/**
 * Trusts `startedAtUnix` when it is plausible (at most two days ago), else the
 * server's own "HH:MMh" reading, counted from now.
 */
function streamStart(uptime) {
  const unix = uptime?.startedAtUnix;
  const now = Date.now();
  if (Number.isFinite(unix) && unix <= now && now - unix < 48 * 3600000) return unix;
  const match = /^(\d+):(\d{2})h$/.exec(uptime?.converted ?? '');
  return match ? now - (Number(match[1]) * 60 + Number(match[2])) * 60000 : null;
}

function renderUptime() {
  view.uptime.textContent = startedAt === null ? '–' : formatDuration(Date.now() - startedAt);
}

function render(profile) {
  const stream = profile?.twitch?.stream ?? {};
  const isLive = stream.status === 'live';
  view.card.dataset.state = isLive ? 'live' : 'offline';
  view.card.setAttribute('aria-busy', 'false');
  view.live.textContent = isLive ? 'Live' : 'Offline';
  view.channel.textContent = profile?.twitch?.user?.name ?? profile?.user?.userName ?? '';
  view.title.textContent = (isLive ? stream.title : stream.lastStream?.title) || 'Stream title not set';
  view.viewers.textContent = isLive && Number.isFinite(stream.viewer) ? stream.viewer.toLocaleString('en') : '–';
  view.game.textContent = stream.game?.name || '–';
  startedAt = isLive ? streamStart(stream.uptime) : null;
  renderUptime();
}

async function start() {
  Overlay.on('profile', (profile) => {
    render(profile);
    showNote('');
  });
  try {
    const { profile } = await Overlay.ready;
    render(profile ?? (await Overlay.profile()));
  } catch (error) {
    showNote(`Stream info unavailable (${error?.code ?? 'error'})`);
  }
  setInterval(renderUptime, 15000);
}

if (window.Overlay) start();
else showNote('Overlay SDK not loaded');
