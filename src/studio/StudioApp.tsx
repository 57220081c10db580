import type { Ref } from 'preact';
import { AddressForm, type AddressFormProps } from './AddressForm.tsx';
import { DatabaseInspector } from './DatabaseInspector.tsx';
import { ModuleList } from './ModuleList.tsx';
import { ProfileEditor } from './ProfileEditor.tsx';
import { Stage } from './Stage.tsx';
import { StageAlerts } from './StageAlerts.tsx';
import { StageEvents } from './StageEvents.tsx';
import { StageControls } from './StageControls.tsx';
import { StageSettings } from './StageSettings.tsx';
import type { StudioModel } from './StudioModel.ts';
import { TrafficLog } from './TrafficLog.tsx';

interface StudioAppProps {
  studio: StudioModel;
  stageRef: Ref<HTMLDivElement>;
  address: AddressFormProps['address'];
}

/** The studio: the overlay on a 16:9 stage, and the panels that inspect and drive it. */
export function StudioApp({ studio, stageRef, address }: StudioAppProps) {
  const { overlay } = studio;
  const needsAddress = address.error !== null || overlay.phase.value === 'failed';
  const phase = address.error !== null ? 'no overlay open' : overlay.phase.value;
  return (
    <div class="studio">
      <header class="studio-header">
        <h1>Overlay studio</h1>
        <span data-testid="studio-phase" class={`phase phase-${overlay.phase.value}`}>
          {overlay.kind.value ? `${overlay.kind.value} overlay · ` : ''}
          {phase}
        </span>
      </header>
      {needsAddress && <AddressForm address={address} />}
      <ul class="problems" data-testid="studio-problems" aria-label="Problems">
        {overlay.problems.value.map((problem) => (
          <li key={problem.key} role="alert">
            {problem.message}
          </li>
        ))}
      </ul>
      <div class="studio-grid">
        <section class="stage-column" aria-label="Stage">
          <Stage stageRef={stageRef} front={studio.front} />
          <StageControls studio={studio} />
          <StageEvents studio={studio} />
          <StageAlerts queue={studio.alertQueue} />
          <StageSettings studio={studio} />
        </section>
        <aside class="side-column">
          <ModuleList studio={studio} />
          <ProfileEditor editor={studio.profile} catalog={studio.catalog} />
        </aside>
      </div>
      <DatabaseInspector database={studio.database} sync={studio.sync} />
      <TrafficLog log={studio.traffic} />
    </div>
  );
}
