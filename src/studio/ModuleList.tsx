import type { StudioModel } from './StudioModel.ts';

/** Each module on stage: its lifecycle phase, restarts and last error, with a reload button. */
export function ModuleList({ studio }: { studio: StudioModel }) {
  const modules = studio.modules.modules.value;
  const front = studio.front.value;
  return (
    <section class="panel" aria-labelledby="modules-title" data-testid="module-list">
      <h2 id="modules-title">Modules</h2>
      {modules.length === 0 && <p class="empty">No module on stage.</p>}
      <ul class="module-list">
        {modules.map((module) => (
          <li key={module.id} data-testid={`module-${module.id}`} data-state={module.phase}>
            <code>{module.id}</code>{' '}
            <span class={`badge badge-${module.phase}`} data-testid="module-state">
              {module.phase}
            </span>
            {module.restarts > 0 && <span class="restarts"> · {module.restarts} restarts</span>}
            <button
              type="button"
              class="small"
              aria-label={`Bring ${module.id} to front`}
              aria-pressed={front === module.id}
              onClick={() => studio.bringToFront(module.id)}
            >
              Front
            </button>
            <button type="button" class="small" aria-label={`Reload ${module.id}`} onClick={() => studio.reload(module.id)}>
              Reload
            </button>
            {module.lastError && (
              <p class="module-error" data-testid="module-error">
                {module.lastError}
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
