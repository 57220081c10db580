import { KINDS, type Kind } from '../api/index.ts';
import { LabelledSelect } from './LabelledSelect.tsx';
import { studioAddress } from './studioAddress.ts';
import type { StudioModel } from './StudioModel.ts';

/** Under the stage: which overlay kind, the network switch, visibility events and the queue's state. */
export function StageControls({ studio }: { studio: StudioModel }) {
  const { network, profile, sync, visibility } = studio;
  const loaded = profile.loaded.value;
  const onKind = (kind: Kind) => {
    const api = new URLSearchParams(location.search).get('api') ?? `${location.origin}/api`;
    if (loaded) location.assign(studioAddress(loaded.overlays[kind], api, location.origin));
  };
  const status = sync.value;
  return (
    <div class="stage-controls" role="toolbar" aria-label="Stage controls">
      <LabelledSelect label="Kind" testId="kind-picker" value={profile.kind.value} options={KINDS} disabled={!loaded} onChange={(kind) => onKind(kind as Kind)} />
      <label class="switch">
        <input
          type="checkbox"
          role="switch"
          data-testid="network-switch"
          checked={network.online.value}
          aria-checked={network.online.value}
          onChange={(event) => network.setOnline(event.currentTarget.checked)}
        />{' '}
        Network
      </label>
      <button type="button" data-testid="emit-visible" aria-pressed={visibility.value === 'visible'} onClick={() => studio.emit('visible')}>
        Send visible
      </button>
      <button type="button" data-testid="emit-hidden" aria-pressed={visibility.value === 'hidden'} onClick={() => studio.emit('hidden')}>
        Send hidden
      </button>
      {status && (
        <output data-testid="sync-status" data-state={status.state}>
          queue: {status.state}, <span data-testid="sync-pending">{status.pending}</span> pending
          {status.failed.length > 0 && <span>, {status.failed.length} failed</span>}
          {status.storage === 'memory' && <span>, in memory only</span>}
        </output>
      )}
    </div>
  );
}
