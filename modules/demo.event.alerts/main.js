// Alert box: follows, subscriptions, resubs (with their message), gift bombs,
// cheers and raids, one at a time from the browser's alert queue (`"alerts": true`:
// no queue of its own; it never overlaps another alert module, and the streamer
// can pause, skip, mute and clear). Settings: each type on or off,
// the alert length, and whether events missed while the overlay was off
// (`missed: true`, at most 10 minutes old) are shown. Test events (the dock's
// test buttons) get a small "test" mark. Each alert plays a chime made with
// WebAudio (no sound file), unless `sound` is off or alerts are muted, never
// louder than `volume`.
const box = document.querySelector('[data-testid="alert"]');
const $ = (id) => box.querySelector(`[data-testid="${id}"]`);
let settings = { follows: true, subs: true, resubs: true, gifts: true, cheers: true, raids: true, seconds: 6, missed: 'show', sound: true, volume: 60 };
let audio = null;

const plural = (n, one, many) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
const name = (e, key = 'user_name') => (typeof e[key] === 'string' && e[key]) || (e.is_anonymous ? 'Anonymous' : 'Someone');

/** What each type shows: its setting, and its title, who and detail lines. */
const TYPES = {
  'channel.follow': { setting: 'follows', show: (e) => ['New follower', name(e), ''] },
  'channel.subscribe': { setting: 'subs', show: (e) => ['New subscriber', name(e), tier(e.tier)] },
  'channel.subscription.message': {
    setting: 'resubs',
    show: (e) => ['Resub', name(e), `${plural(Number(e.cumulative_months) || 1, 'month', 'months')} · ${tier(e.tier)}`, e.message?.text ?? ''],
  },
  'channel.subscription.gift': { setting: 'gifts', show: (e) => ['Gift bomb', name(e), `gifted ${plural(Number(e.total) || 1, 'sub', 'subs')}`] },
  'channel.cheer': { setting: 'cheers', show: (e) => ['Cheer', name(e), plural(Number(e.bits) || 0, 'bit', 'bits'), e.message ?? ''] },
  'channel.raid': {
    setting: 'raids',
    show: (e) => ['Incoming raid', name(e, 'from_broadcaster_user_name'), `with ${plural(Number(e.viewers) || 0, 'viewer', 'viewers')}`],
  },
};

function tier(value) {
  return value === '3000' ? 'Tier 3' : value === '2000' ? 'Tier 2' : value === 'prime' ? 'Prime' : 'Tier 1';
}

/**
 * Three rising notes, one after the other, each a sine whose envelope peaks at
 * the volume set (100: full scale) and has faded before the next one starts, so
 * the sum never goes past it. OBS's browser source needs no click to start audio
 * (docs/modules.md, "Sound"); elsewhere the context may stay suspended: silence.
 */
function chime() {
  const level = Math.min(Math.max(Number(settings.volume) || 0, 0), 100) / 100;
  if (settings.sound === false || level === 0 || !window.AudioContext) return;
  audio ??= new AudioContext();
  if (audio.state === 'suspended') audio.resume().catch(() => {});
  [784, 988, 1319].forEach((frequency, index) => {
    const at = audio.currentTime + 0.02 + index * 0.13;
    const note = audio.createOscillator();
    const gain = audio.createGain();
    note.frequency.value = frequency;
    gain.gain.setValueAtTime(0, at);
    gain.gain.linearRampToValueAtTime(level, at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.12);
    note.connect(gain).connect(audio.destination);
    note.start(at);
    note.stop(at + 0.125);
  });
}

/** The lines an event shows, or null when this box does not show it (type off, or missed and skipped). */
function linesOf(record) {
  const kind = TYPES[record.subscription.type];
  if (!kind || settings[kind.setting] === false) return null;
  if (record.missed && settings.missed === 'skip') return null;
  return kind.show(record.event ?? {});
}

/** Shows one alert of the queue until its length passes or the streamer skips it. */
function show(alert, lines) {
  const [title, who, detail, message = ''] = lines;
  $('alert-title').textContent = title;
  $('alert-who').textContent = who;
  $('alert-detail').textContent = detail;
  $('alert-message').textContent = message;
  $('alert-test').hidden = !alert.test;
  box.dataset.type = alert.subscription.type;
  box.dataset.missed = String(alert.missed === true);
  box.dataset.state = 'showing';
  if (!alert.muted) chime();
  return new Promise((resolve) => {
    const end = () => {
      clearTimeout(timer);
      box.dataset.state = 'idle';
      resolve();
    };
    const timer = setTimeout(end, settings.seconds * 1000);
    alert.signal.addEventListener('abort', end);
  });
}

async function loadSettings() {
  settings = { ...settings, ...(await Overlay.settings()) };
}

function start() {
  // The queue hands alerts over once the module is ready; each waits for the settings first.
  const loaded = Overlay.ready.then(loadSettings).catch((error) => {
    console.warn(`[alerts] settings not read, using defaults (${error?.code ?? 'error'})`);
  });
  Overlay.on('alert', async (alert) => {
    await loaded;
    const lines = linesOf(alert);
    if (lines) await show(alert, lines);
  });
  Overlay.on('change', ({ key }) => {
    if (key in settings) loadSettings().catch(() => {});
  });
  void loaded.then(() => box.setAttribute('aria-busy', 'false'));
}

if (window.Overlay) start();
