// Alert box: follows, subscriptions, resubs, gift bombs, cheers, raids and channel-points
// redemptions, one at a time from the browser's alert queue (`"alerts": true`: no queue of its
// own; it never overlaps another alert module, and the streamer can pause, skip, mute and
// clear). What an alert shows is decided by planAlert.js (the streamer's message, picture or
// video, sound, minimum and big variation) and giftBombs.js (a gift bomb's recipients are not
// shown one by one); this file only puts it on the page, always as text (textContent), so a
// viewer's message never becomes markup. Sound: the alert's sound file, or with none set a chime
// made with WebAudio; nothing when `sound` is off or alerts are muted, never louder than `volume`.
const box = document.querySelector('[data-testid="alert"]');
const $ = (id) => box.querySelector(`[data-testid="${id}"]`);
let settings = { seconds: 6, missed: 'show', sound: true, volume: 60 };
let audio = null;
/** Decoded sound files by URL: each is fetched and decoded once. */
const sounds = new Map();
const giftBombs = AlertBox.createGiftBombs();
// A picture still loading after this long is shown when it arrives, not waited for.
const PICTURE_WAIT_MS = 3000;

function context() {
  audio ??= new AudioContext();
  if (audio.state === 'suspended') audio.resume().catch(() => {});
  return audio;
}

/**
 * Three rising notes, one after the other, each a sine whose envelope peaks at
 * the volume set (100: full scale) and has faded before the next one starts, so
 * the sum never goes past it. OBS's browser source needs no click to start audio
 * (docs/modules.md, "Sound"); elsewhere the context may stay suspended: silence.
 */
function chime(level) {
  const audio = context();
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

/** A sound file, fetched (the media URL allows CORS) and decoded once; a failure is forgotten so a later alert tries again. */
function decoded(url) {
  if (!sounds.has(url)) {
    const buffer = fetch(url)
      .then((response) => (response.ok ? response.arrayBuffer() : Promise.reject(new Error(`sound answered ${response.status}`))))
      .then((bytes) => context().decodeAudioData(bytes));
    buffer.catch(() => sounds.delete(url));
    sounds.set(url, buffer);
  }
  return sounds.get(url);
}

async function playFile(url, level) {
  const buffer = await decoded(url);
  const audio = context();
  const source = audio.createBufferSource();
  const gain = audio.createGain();
  source.buffer = buffer;
  gain.gain.setValueAtTime(level, audio.currentTime);
  source.connect(gain).connect(audio.destination);
  source.start();
}

/** The alert's sound at the volume set, the chime when it has none or its file cannot be played. */
function play(url) {
  const level = Math.min(Math.max(Number(settings.volume) || 0, 0), 100) / 100;
  if (settings.sound === false || level === 0 || !window.AudioContext) return;
  if (!url) return chime(level);
  playFile(url, level).catch((error) => {
    console.warn(`[alerts] sound not played, the chime instead (${error?.message ?? 'error'})`);
    chime(level);
  });
}

/** Puts the alert's picture or video in place; resolves once a picture is decoded (or has failed, or is slow). */
function showPicture(plan) {
  const image = $('alert-image');
  const video = $('alert-video');
  box.dataset.media = plan.video ? 'video' : plan.image ? 'image' : 'none';
  image.hidden = !plan.image;
  video.hidden = !plan.video;
  if (plan.video) {
    if (video.getAttribute('src') !== plan.video) video.src = plan.video;
    video.currentTime = 0;
    video.play().catch(() => {});
  } else {
    video.pause();
    video.removeAttribute('src');
  }
  if (!plan.image) {
    image.removeAttribute('src');
    return Promise.resolve();
  }
  image.src = plan.image;
  const slow = new Promise((resolve) => setTimeout(resolve, PICTURE_WAIT_MS));
  return Promise.race([image.decode().catch(() => {}), slow]);
}

/** Shows one alert of the queue until its length passes or the streamer skips it. */
async function show(alert, plan) {
  await showPicture(plan);
  if (alert.signal.aborted) return;
  $('alert-title').textContent = plan.title;
  $('alert-who').textContent = plan.headline;
  $('alert-detail').textContent = plan.detail;
  $('alert-message').textContent = plan.message;
  $('alert-test').hidden = !alert.test;
  box.dataset.type = alert.subscription.type;
  box.dataset.missed = String(alert.missed === true);
  box.dataset.big = String(plan.big);
  box.dataset.state = 'showing';
  if (!alert.muted) play(plan.sound);
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
    // Every alert passes here in the queue's order, shown or not, so a bomb claims its recipients even when it is off or under its minimum.
    if (giftBombs.isRecipient(alert)) return;
    const plan = AlertBox.planAlert(alert, settings);
    if (plan && !alert.signal.aborted) await show(alert, plan);
  });
  Overlay.on('change', ({ key }) => {
    if (key in settings) loadSettings().catch(() => {});
  });
  void loaded.then(() => box.setAttribute('aria-busy', 'false'));
}

if (window.Overlay) start();
