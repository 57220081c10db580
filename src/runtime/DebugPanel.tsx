import type { ReadonlySignal } from '@preact/signals';
import type { SyncStatus } from '../client/index.ts';
import type { OverlayModel } from './OverlayModel.ts';

interface DebugPanelProps {
  model: OverlayModel;
  sync: ReadonlySignal<SyncStatus | null>;
}

/** What `debug=1` shows over the overlay: start phase, problems, the write queue, live changes. */
export function DebugPanel({ model, sync }: DebugPanelProps) {
  const status = sync.value;
  return (
    <aside class="debug" data-testid="debug" aria-label="Overlay debug">
      <p>
        <strong data-testid="debug-phase">{model.phase.value}</strong>
        {model.kind.value && <span> · {model.kind.value} overlay</span>}
        {model.profile.value && <span> · {model.profile.value.user.userName}</span>}
        {model.fromCache.value && <span data-testid="debug-cached"> · profile from cache</span>}
      </p>
      <p data-testid="debug-modules">modules: {model.moduleIds.value.join(', ') || 'none'}</p>
      <ul class="modules">
        {model.moduleStates.value.map((state) => (
          <li key={state.id} data-testid={`debug-module-${state.id}`} data-state={state.phase} data-restarts={state.restarts}>
            {state.id}: {state.phase}
            {state.restarts > 0 && `, ${state.restarts} restart${state.restarts > 1 ? 's' : ''}`}
            {state.lastError && ` (${state.lastError})`}
          </li>
        ))}
      </ul>
      {status && (
        <p data-testid="debug-sync">
          sync: <span data-testid="debug-sync-state">{status.state}</span>, pending{' '}
          <span data-testid="debug-pending">{status.pending}</span>
          {status.failed.length > 0 && <span>, failed {status.failed.length}</span>}
          {status.storage === 'memory' && <span>, queue in memory only</span>}
          , changes: <span data-testid="debug-live">{status.live}</span>
          {status.liveReason && <span data-testid="debug-live-reason"> ({status.liveReason})</span>}
        </p>
      )}
      <ul data-testid="debug-problems">
        {model.problems.value.map((problem) => (
          <li key={problem.key} role="alert">
            {problem.message}
          </li>
        ))}
      </ul>
    </aside>
  );
}
