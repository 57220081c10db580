import { CANVAS_HEIGHT, CANVAS_WIDTH } from '../../api/index.ts';
import { LayoutBox } from './LayoutBox.tsx';
import type { LayoutEditorModel } from './LayoutEditorModel.ts';
import { labelRows } from './labelRows.ts';

/**
 * The overlay's 1920x1080 canvas scaled to the width at hand, each selected module
 * a box named after it, stacked as the overlay stacks their frames (the last on top).
 */
export function LayoutPreview({ model, hintId }: { model: LayoutEditorModel; hintId: string }) {
  const modules = model.modules.value;
  const layout = model.layout.value;
  const guides = model.draft.value?.guides ?? [];
  const rows = labelRows(modules.map((module) => model.boxOf(module)));
  return (
    <div class="layout-stage">
      <div class="layout-canvas" data-testid="layout-canvas" data-kind={model.kind.value}>
        <span class="layout-centre layout-centre-x" aria-hidden="true" />
        <span class="layout-centre layout-centre-y" aria-hidden="true" />
        {layout.phase.value === 'ready' && modules.map((module, index) => <LayoutBox key={module.id} model={model} module={module} index={index} labelRow={rows[index]!} hintId={hintId} />)}
        {guides.map((guide) => (
          <span
            key={`${guide.axis}${guide.at}`}
            class={`layout-guide layout-guide-${guide.axis}`}
            style={guide.axis === 'x' ? { left: `${(guide.at / CANVAS_WIDTH) * 100}%` } : { top: `${(guide.at / CANVAS_HEIGHT) * 100}%` }}
            aria-hidden="true"
          />
        ))}
      </div>
      {layout.phase.value === 'ready' && modules.length === 0 && (
        <p class="layout-empty">No {model.kind.value} module is selected: choose one under Modules, then place it here.</p>
      )}
    </div>
  );
}
