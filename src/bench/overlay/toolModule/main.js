// A typical small tool: once connected, show the streamer's name and a stored count.
Overlay.ready.then(async ({ profile }) => {
  const card = document.querySelector('[data-testid="card"]');
  card.querySelector('.who').textContent = profile.user.userName;
  const count = await Overlay.db.get('count').catch(() => undefined);
  card.querySelector('.count').textContent = String(count ?? 0);
  card.removeAttribute('aria-busy');
});

// live.latency: the bench hears, through a binding its browser context exposes, each change this module hears.
Overlay.on('change', ({ value }) => window.benchHeard?.(value));
