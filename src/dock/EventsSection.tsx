import { useEffect, useId, useMemo, useState } from 'preact/hooks';
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
  // "When" is relative: redrawn twice a minute so "now" becomes "30 s", then "1 min".
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((tick) => tick + 1), 30_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <section class="dock-events" aria-labelledby={headingId} data-testid="dock-events">
      <h2 id={headingId}>Activity</h2>
      <TestEventButtons post={(body) => controller.client.postEvent(body)} />
      <ActivityList model={model} />
    </section>
  );
}
