import { useEffect, useId, useMemo } from 'preact/hooks';
import type { OverlayController } from '../runtime/index.ts';
import { ActivityList } from './ActivityList.tsx';
import { ActivityModel } from './ActivityModel.ts';
import { TestEventButtons } from './TestEventButtons.tsx';

interface EventsSectionProps {
  /** A running overlay start of the dock: its client posts and lists, its feed brings live events. */
  controller: OverlayController;
}

/** Stream events in the dock: the test buttons, then the Activity list (all overlay kinds hear the same events). */
export function EventsSection({ controller }: EventsSectionProps) {
  const headingId = useId();
  const model = useMemo(() => new ActivityModel(controller.client), [controller]);
  useEffect(() => {
    void model.start(controller.layer.events);
    return () => model.stop();
  }, [model, controller]);
  return (
    <section class="dock-events" aria-labelledby={headingId} data-testid="dock-events">
      <h2 id={headingId}>Activity</h2>
      <TestEventButtons post={(body) => controller.client.postEvent(body)} />
      <ActivityList model={model} />
    </section>
  );
}
