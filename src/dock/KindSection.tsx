import { useId } from 'preact/hooks';
import type { DockSession } from './DockSession.ts';
import { ModuleSection } from './ModuleSection.tsx';

const TITLES = { game: 'Game', tool: 'Tools', background: 'Background', event: 'Events' } as const;

interface KindSectionProps {
  session: DockSession;
}

/** One overlay kind: its problems, then a section per selected module. */
export function KindSection({ session }: KindSectionProps) {
  const headingId = useId();
  const { overlay } = session;
  const kind = overlay.kind.value;
  const entries = session.entries.value;
  return (
    <section class="dock-kind" aria-labelledby={headingId} data-testid={`dock-kind-${kind ?? 'starting'}`}>
      <h2 id={headingId}>{kind ? `${TITLES[kind]} overlay` : 'Overlay'}</h2>
      {overlay.problems.value.length > 0 && (
        <ul class="dock-problems" data-testid="dock-problems">
          {overlay.problems.value.map((problem) => (
            <li key={problem.key} role="alert">
              {problem.message}
            </li>
          ))}
        </ul>
      )}
      {overlay.phase.value === 'starting' && <p class="settings-empty">Connecting…</p>}
      {overlay.phase.value === 'running' && entries.length === 0 && <p class="settings-empty">No module selected for this overlay.</p>}
      {entries.map((entry) => (
        <ModuleSection key={entry.id} session={session} entry={entry} />
      ))}
    </section>
  );
}
