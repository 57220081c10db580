import { TestEventButtons } from '../dock/index.ts';
import type { StudioModel } from './StudioModel.ts';

interface StageEventsProps {
  studio: StudioModel;
}

/** The dock's test buttons next to the stage: each posts a test event the modules on stage hear. */
export function StageEvents({ studio }: StageEventsProps) {
  const client = studio.client.value;
  if (!client) return null;
  return (
    <section class="panel stage-events" aria-label="Test events" data-testid="stage-events">
      <h2>Test events</h2>
      <TestEventButtons post={(body) => client.postEvent(body)} />
    </section>
  );
}
