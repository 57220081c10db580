// Goal bar: title, target, colour and "show percent" are settings (module.json),
// changed live from the dock; `progress` is its own key. Without `progress` it
// follows the counter module's value ("demo.tool.counter:count"), the
// cross-module read of the examples. `change` only reports this module's own
// keys, so the counter's value is polled while the overlay is visible.
const SETTINGS = ['title', 'goal', 'color', 'percent'];
const COUNTER_KEY = 'demo.tool.counter:count';
const POLL_MS = 3000;
const $ = (id) => document.querySelector(`[data-testid="${id}"]`);
const view = {
  card: $('goal'),
  title: $('goal-title'),
  current: $('goal-current'),
  target: $('goal-target'),
  bar: $('goal-bar'),
  fill: $('goal-fill'),
  percent: $('goal-percent'),
  note: $('note'),
};
const state = { title: 'Goal', goal: 100, color: '#7c5cff', percent: true, progress: undefined, counter: 0 };
let pollTimer;

function showNote(text) {
  view.note.textContent = text;
  view.note.hidden = !text;
}

function render() {
  const current = state.progress ?? state.counter;
  const ratio = state.goal > 0 ? Math.min(1, Math.max(0, current / state.goal)) : 0;
  const percent = Math.round(ratio * 100);
  view.title.textContent = state.title;
  view.current.textContent = current.toLocaleString('en');
  view.target.textContent = state.goal.toLocaleString('en');
  view.fill.style.width = `${ratio * 100}%`;
  view.percent.textContent = `${percent}%`;
  view.percent.style.visibility = state.percent ? '' : 'hidden';
  view.fill.style.background = state.color;
  view.bar.setAttribute('aria-valuenow', String(percent));
  view.card.dataset.state = ratio >= 1 ? 'reached' : 'running';
  view.card.setAttribute('aria-busy', 'false');
}

/** Applies one stored value; anything of the wrong type keeps the default. */
function apply(key, value) {
  if (key === 'progress') state.progress = Number.isFinite(value) ? value : undefined;
  if (key === COUNTER_KEY) state.counter = Number.isFinite(value) ? value : 0;
}

/** Settings as the module reads them: stored values, the defaults for the rest (and for refused ones). */
async function loadSettings() {
  Object.assign(state, await Overlay.settings());
  render();
}

/** Reads every key; one that fails keeps its last value and is named in the note. */
async function refresh() {
  const keys = ['progress', COUNTER_KEY];
  const [settings, ...results] = await Promise.allSettled([loadSettings(), ...keys.map((key) => Overlay.db.get(key))]);
  const failed = settings.status === 'rejected' ? [settings.reason?.code ?? 'error'] : [];
  for (const [index, result] of results.entries()) {
    if (result.status === 'fulfilled') apply(keys[index], result.value);
    else failed.push(result.reason?.code ?? 'error');
  }
  render();
  showNote(failed.length ? `Goal not fully updated (${failed[0]})` : '');
}

function startPolling() {
  clearInterval(pollTimer);
  pollTimer = setInterval(async () => {
    if (state.progress !== undefined) return;
    try {
      apply(COUNTER_KEY, await Overlay.db.get(COUNTER_KEY));
      render();
    } catch {
      // A missed poll is retried by the next one.
    }
  }, POLL_MS);
}

function listen() {
  Overlay.on('change', ({ key, value }) => {
    // A setting is read again through Overlay.settings(): a value the dock would refuse reads as the default.
    if (SETTINGS.includes(key)) loadSettings().catch(() => {});
    apply(key, value);
    render();
  });
  Overlay.on('hidden', () => clearInterval(pollTimer));
  Overlay.on('visible', () => {
    refresh();
    startPolling();
  });
}

if (window.Overlay) {
  listen();
  Overlay.ready.then(
    () => refresh().then(startPolling),
    (error) => showNote(`Not connected (${error?.code ?? 'error'})`),
  );
} else {
  showNote('Overlay SDK not loaded');
}
