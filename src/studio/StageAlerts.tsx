import type { ReadonlySignal } from '@preact/signals';
import type { StreamEvent } from '../api/index.ts';
import type { AlertQueueView } from '../client/index.ts';

interface StageAlertsProps {
  queue: ReadonlySignal<AlertQueueView | null>;
}

/** The alert queue of the overlay on stage: what shows, how many wait, and the streamer's switches. */
export function StageAlerts({ queue }: StageAlertsProps) {
  const view = queue.value;
  return (
    <section class="panel stage-alerts" aria-label="Alert queue" data-testid="alert-queue">
      <h2>Alert queue</h2>
      {view ? (
        <dl>
          <dt>Showing</dt>
          <dd data-testid="alert-queue-showing">{view.showing ? describeAlert(view.showing) : 'nothing'}</dd>
          <dt>Waiting</dt>
          <dd data-testid="alert-queue-waiting">{view.waiting}</dd>
          <dt>Paused</dt>
          <dd data-testid="alert-queue-paused">{view.paused ? 'yes' : 'no'}</dd>
          <dt>Muted</dt>
          <dd data-testid="alert-queue-muted">{view.muted ? 'yes' : 'no'}</dd>
          {view.held === 'hidden' && <dd>Held: a page of the queue is out of OBS's program output</dd>}
          {view.dropped > 0 && <dd>Dropped (more than 500 waited): {view.dropped}</dd>}
        </dl>
      ) : (
        <p>No module on stage declares "alerts": true.</p>
      )}
    </section>
  );
}

/** `channel.raid` (custom.x, ...) with its id's start: enough to tell alerts apart while testing. */
function describeAlert(event: StreamEvent): string {
  return `${event.subscription.type} ${event.id.slice(0, 8)}${event.test ? ' (test)' : ''}`;
}
