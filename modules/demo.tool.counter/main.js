// Counter: `count` is stored with Overlay.db and survives reloads; other
// modules (the goal bar) read it as "demo.tool.counter:count". Its name and
// step are settings, changed from the dock; its panel (panel.html) steps it too.
const $ = (id) => document.querySelector(`[data-testid="${id}"]`);
const view = {
  card: $('counter'),
  label: $('label'),
  count: $('count'),
  increment: $('increment'),
  decrement: $('decrement'),
  status: $('status'),
  note: $('note'),
};
let count = 0;
let step = 1;
let noteTimer;

function showNote(text) {
  view.note.textContent = text;
  view.note.hidden = false;
  clearTimeout(noteTimer);
  noteTimer = setTimeout(() => {
    view.note.hidden = true;
  }, 6000);
}

function render(bump) {
  view.count.textContent = String(count);
  if (!bump) return;
  view.count.classList.remove('bump');
  void view.count.offsetWidth; // restart the animation
  view.count.classList.add('bump');
}

async function add(delta) {
  count += delta;
  render(true);
  try {
    await Overlay.db.set('count', count);
  } catch (error) {
    showNote(`Not saved (${error?.code ?? 'error'}), try again`);
  }
}

/** Name and step as the module reads them: stored, or the defaults of module.json. */
async function loadSettings() {
  const settings = await Overlay.settings();
  view.label.textContent = settings.label || 'Counter';
  step = settings.step;
  view.increment.setAttribute('aria-label', `Plus ${step}`);
  view.decrement.setAttribute('aria-label', `Minus ${step}`);
}

async function load() {
  const [saved] = await Promise.all([Overlay.db.get('count'), loadSettings()]);
  count = Number.isInteger(saved) ? saved : 0;
  render(false);
  view.increment.disabled = false;
  view.decrement.disabled = false;
  view.card.setAttribute('aria-busy', 'false');
}

// The stored count may be unreachable at first (offline); buttons stay off
// until it is known, so a click never overwrites the real value.
async function loadWithRetry(attempt = 0) {
  try {
    await load();
    view.note.hidden = true;
  } catch (error) {
    if (attempt === 0) showNote(`Waiting for saved data (${error?.code ?? 'error'})`);
    setTimeout(() => loadWithRetry(attempt + 1), Math.min(30000, 2000 * 2 ** attempt));
  }
}

function listen() {
  Overlay.on('change', ({ key, value }) => {
    if (key === 'count' && Number.isInteger(value)) {
      count = value;
      render(true);
    }
    if (key === 'label' || key === 'step') loadSettings().catch(() => {});
  });
  Overlay.on('status', ({ online, pending }) => {
    view.status.dataset.state = !online ? 'offline' : pending > 0 ? 'pending' : 'online';
    view.status.title = !online ? 'Offline: changes are kept and sent later' : pending > 0 ? 'Saving...' : 'Saved';
  });
  view.increment.addEventListener('click', () => add(step));
  view.decrement.addEventListener('click', () => add(-step));
}

if (window.Overlay) {
  listen();
  Overlay.ready.then(() => loadWithRetry(), (error) => showNote(`Not connected (${error?.code ?? 'error'})`));
} else {
  showNote('Overlay SDK not loaded');
}
