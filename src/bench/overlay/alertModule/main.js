// The bench's alert module (alert.latency, alert.control): it tells the bench, through a binding its
// browser context exposes, each event it hears (`event`), each alert its handler gets (`alert`) and each
// skip (`abort`), by the event's `n`. An alert marked `hold` shows until skipped; the others end at once.
Overlay.on('event', (record) => window.benchAlert?.('event', record.event.n));
Overlay.on('alert', (alert) => {
  window.benchAlert?.('alert', alert.event.n);
  if (alert.event.hold !== true) return Promise.resolve();
  return new Promise((resolve) => {
    alert.signal.addEventListener('abort', () => {
      window.benchAlert?.('abort', alert.event.n);
      resolve();
    });
  });
});
// The floor of alert.control: the live.latency path to this same module.
Overlay.on('change', ({ value }) => window.benchHeard?.(value));
