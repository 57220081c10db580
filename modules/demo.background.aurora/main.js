// Aurora: its settings pick the colours (aurora | sunset | ocean) and the
// speed, live from the dock; the animation pauses while the overlay is
// hidden, so a hidden scene costs no GPU.
const sky = document.querySelector('[data-testid="aurora"]');

/** Settings as the module reads them: stored values, or the defaults of module.json. */
async function applySettings() {
  const { palette, speed } = await Overlay.settings();
  sky.dataset.palette = palette;
  sky.dataset.speed = String(speed);
  // Every glow keeps its own duration; the speed scales them all alike.
  for (const animation of document.getAnimations()) animation.playbackRate = speed / 100;
}

async function start() {
  Overlay.on('change', ({ key }) => {
    if (key === 'palette' || key === 'speed') applySettings().catch(() => {});
  });
  Overlay.on('hidden', () => {
    sky.dataset.state = 'paused';
  });
  Overlay.on('visible', () => {
    sky.dataset.state = 'running';
  });
  try {
    await Overlay.ready;
    await applySettings();
  } catch (error) {
    // The default palette is a fine background; the console says why.
    console.warn(`[aurora] settings not loaded (${error?.code ?? 'error'})`);
  }
}

if (window.Overlay) start();
