import type { DockSession } from './DockSession.ts';
import { moduleSyncState } from './moduleSyncState.ts';

interface ModuleStatusProps {
  session: DockSession;
  moduleId: string;
}

/** A module's writes: saved, pending, offline (kept), waiting for a token, or refused with the reason. */
export function ModuleStatus({ session, moduleId }: ModuleStatusProps) {
  const state = moduleSyncState(session.status.value, session.pendingByModule.value.get(moduleId) ?? 0, moduleId);
  const queue = session.controller.value?.layer.queue;
  return (
    <div class="module-status" data-testid="module-status" data-state={state.phase} role="status">
      <span class="status-dot" aria-hidden="true" />
      <span>{state.text}</span>
      {state.failed.length > 0 && (
        <>
          <ul class="failed-writes">
            {state.failed.map((write) => (
              <li key={write.name}>
                {write.name}: {write.code}, {write.message}
              </li>
            ))}
          </ul>
          <button type="button" onClick={() => void queue?.retryFailed()}>
            Retry
          </button>
        </>
      )}
    </div>
  );
}
