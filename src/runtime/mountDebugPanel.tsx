// For its side effect too: it makes Preact components re-render when a signal they read changes.
import type { ReadonlySignal } from '@preact/signals';
import '@preact/signals';
import { render } from 'preact';
import type { SyncStatus } from '../client/index.ts';
import { DebugPanel } from './DebugPanel.tsx';
import type { OverlayModel } from './OverlayModel.ts';

/** Shows the debug panel (`debug=1`); loaded only then, so the stream page stays small. */
export function mountDebugPanel(parent: HTMLElement, model: OverlayModel, sync: ReadonlySignal<SyncStatus | null>): void {
  const holder = parent.ownerDocument.createElement('div');
  parent.append(holder);
  render(<DebugPanel model={model} sync={sync} />, holder);
}
