import type { ReadonlySignal } from '@preact/signals';
import type { Ref } from 'preact';
import type { SyncStatus } from '../client/index.ts';
import { DebugPanel } from './DebugPanel.tsx';
import type { OverlayModel } from './OverlayModel.ts';

interface OverlayAppProps {
  model: OverlayModel;
  sync: ReadonlySignal<SyncStatus | null>;
  debug: boolean;
  stageRef: Ref<HTMLDivElement>;
}

/** The overlay page: a transparent stage for the module frames, and the debug panel when asked for. */
export function OverlayApp({ model, sync, debug, stageRef }: OverlayAppProps) {
  return (
    <>
      <div class="stage" ref={stageRef} data-testid="stage" />
      {debug && <DebugPanel model={model} sync={sync} />}
    </>
  );
}
