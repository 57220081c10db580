import { useEffect, useRef } from 'preact/hooks';
import type { PanelFrames } from './createPanelFrames.ts';

interface PanelSlotProps {
  panels: PanelFrames;
  moduleId: string;
}

/** Where a module's panel frame sits in its section; the host made the frame, the slot adopts it. */
export function PanelSlot({ panels, moduleId }: PanelSlotProps) {
  const slot = useRef<HTMLDivElement>(null);
  const frame = panels.frames.value.get(moduleId);
  useEffect(() => {
    // Moving a frame reloads it: append only a frame that is not here yet (a restart makes a new one).
    if (frame && slot.current && frame.parentElement !== slot.current) slot.current.replaceChildren(frame);
  }, [frame]);
  return <div class="panel-slot" ref={slot} data-testid="panel-slot" />;
}
