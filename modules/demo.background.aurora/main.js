// Aurora: the `palette` key picks the colours (aurora | sunset | ocean); the
// animation pauses while the overlay is hidden, so a hidden scene costs no GPU.
const PALETTES = ['aurora', 'sunset', 'ocean'];
const sky = document.querySelector('[data-testid="aurora"]');

function applyPalette(value) {
  sky.dataset.palette = PALETTES.includes(value) ? value : 'aurora';
}

async function start() {
  Overlay.on('change', ({ key, value }) => {
    if (key === 'palette') applyPalette(value);
  });
  Overlay.on('hidden', () => {
    sky.dataset.state = 'paused';
  });
  Overlay.on('visible', () => {
    sky.dataset.state = 'running';
  });
  try {
    await Overlay.ready;
    applyPalette(await Overlay.db.get('palette'));
  } catch (error) {
    // The default palette is a fine background; the console says why.
    console.warn(`[aurora] palette not loaded (${error?.code ?? 'error'})`);
  }
}

if (window.Overlay) start();
