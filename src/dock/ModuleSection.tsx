import { useId } from 'preact/hooks';
import type { ModuleEntry } from '../api/index.ts';
import type { DockSession } from './DockSession.ts';
import { ModuleStatus } from './ModuleStatus.tsx';
import { PanelSlot } from './PanelSlot.tsx';
import { SettingsForm } from './SettingsForm.tsx';

interface ModuleSectionProps {
  session: DockSession;
  entry: ModuleEntry;
}

/** One selected module: its name, its writes' state, its settings form, then its panel. */
export function ModuleSection({ session, entry }: ModuleSectionProps) {
  const headingId = useId();
  const form = session.formFor(entry);
  return (
    <section class="dock-module" aria-labelledby={headingId} data-testid={`dock-module-${entry.id}`}>
      <header class="module-header">
        <h3 id={headingId}>{entry.name}</h3>
        <ModuleStatus session={session} moduleId={entry.id} />
      </header>
      {form ? <SettingsForm form={form} /> : <p class="settings-empty">Connecting…</p>}
      {entry.panel && <PanelSlot panels={session.panels} moduleId={entry.id} />}
      {!entry.panel && !entry.settings && <p class="settings-empty">Nothing to control: no settings and no panel.</p>}
    </section>
  );
}
