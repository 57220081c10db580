import './layout.css';
import { useEffect, useId, useRef } from 'preact/hooks';
import { KINDS, type Kind } from '../../api/index.ts';
import { BoxFields } from './BoxFields.tsx';
import type { LayoutEditorModel } from './LayoutEditorModel.ts';
import { LayoutPreview } from './LayoutPreview.tsx';

const KIND_NAMES: Record<Kind, string> = { game: 'Game', tool: 'Tool', background: 'Background', event: 'Event' };

/**
 * The home page's Layout section (below its `Layout` heading): the overlay kind, a
 * preview of its 1920x1080 canvas with one box per selected module, the fields of
 * the box focused last, and what became of the last save.
 */
export function LayoutEditor({ model }: { model: LayoutEditorModel }) {
  const selectId = useId();
  const hintId = useId();
  const layout = model.layout.value;
  const root = useRef<HTMLDivElement>(null);
  // Ctrl+Z (Cmd+Z on a Mac) anywhere in the section takes back the last change of the layout on show,
  // also from a number field: its own undo would only take back text that is already stored.
  useEffect(() => {
    const element = root.current!;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey || event.key.toLowerCase() !== 'z') return;
      event.preventDefault();
      model.undo();
    };
    element.addEventListener('keydown', onKeyDown);
    return () => element.removeEventListener('keydown', onKeyDown);
  }, [model]);
  // Back from another tab, which may have moved boxes: show where they are now.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') model.refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [model]);
  return (
    <div class="layout-editor" ref={root}>
      <p class="layout-hint" id={hintId}>
        Drag a box to move it, or its corner to resize it. Once a box is focused, arrows move it 1 pixel and Shift+arrows 10. Boxes snap to the
        canvas's edges and centre lines (hold Alt to place freely). Each change is saved at once; Ctrl+Z takes it back.
      </p>
      <div class="layout-toolbar">
        <label for={selectId}>Overlay</label>
        <select id={selectId} value={model.kind.value} onChange={(event) => model.selectKind(event.currentTarget.value as Kind)}>
          {KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {KIND_NAMES[kind]}
            </option>
          ))}
        </select>
        <button type="button" disabled={layout.history.size.value === 0} onClick={() => model.undo()}>
          Undo
        </button>
      </div>
      <LayoutPreview model={model} hintId={hintId} />
      <BoxFields model={model} />
      <LayoutStatusLine model={model} />
    </div>
  );
}

function LayoutStatusLine({ model }: { model: LayoutEditorModel }) {
  const layout = model.layout.value;
  const status = layout.status.value;
  const retry = status?.tone === 'bad' ? (layout.phase.value === 'failed' ? () => void layout.load() : () => layout.save()) : null;
  return (
    <p class={`layout-status layout-status-${status?.tone ?? 'info'}`} role="status">
      {status?.text}
      {retry && (
        <>
          {' '}
          <button type="button" onClick={retry}>
            Try again
          </button>
        </>
      )}
    </p>
  );
}
