import type { ReadonlySignal } from '@preact/signals';
import type { Ref } from 'preact';

interface StageProps {
  stageRef: Ref<HTMLDivElement>;
  /** The module whose frame goes on top, if any. */
  front: ReadonlySignal<string | null>;
}

/** The 16:9 stage: the host scales the 1920x1080 canvas to fit, each module in its box; the checkerboard behind shows transparency. */
export function Stage({ stageRef, front }: StageProps) {
  const id = front.value;
  return (
    <div class="studio-stage" data-testid="studio-stage">
      {/* A rule, not a style on the frame: the host replaces a frame when it restarts a module, and restacks frames (inline z-index) as the selection changes. */}
      {id && <style>{`.studio-stage iframe[data-module-id="${CSS.escape(id)}"] { z-index: 999 !important; }`}</style>}
      <div class="studio-stage-frames" ref={stageRef} />
    </div>
  );
}
