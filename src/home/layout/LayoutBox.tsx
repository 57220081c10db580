import type { JSX } from 'preact';
import { useRef } from 'preact/hooks';
import { type Box, CANVAS_HEIGHT, CANVAS_WIDTH } from '../../api/index.ts';
import { dragBox } from './dragBox.ts';
import { aspectOf, type LayoutEditorModel, type LayoutModule } from './LayoutEditorModel.ts';

/** How near a line a dragged box snaps to it, in screen pixels (whatever the preview's scale). */
const SNAP_SCREEN_PX = 8;

interface Grab {
  pointerId: number;
  mode: 'move' | 'resize';
  clientX: number;
  clientY: number;
  /** Screen pixels per canvas pixel when the drag began. */
  scale: number;
  start: Box;
}

interface LayoutBoxProps {
  model: LayoutEditorModel;
  module: LayoutModule;
  /** Its place in the stack, bottom first; gives each box its own colour. */
  index: number;
  /** How many rows down its name goes, clear of the names of boxes below it at the same corner. */
  labelRow: number;
  hintId: string;
}

/** One module on the preview: its name on its outline, moved by pointer (mouse, pen, touch) or arrows. */
export function LayoutBox({ model, module, index, labelRow, hintId }: LayoutBoxProps) {
  const grab = useRef<Grab | null>(null);
  const box = model.boxOf(module);
  const current = model.current.value?.id === module.id;
  const style = {
    left: `${(box.x / CANVAS_WIDTH) * 100}%`,
    top: `${(box.y / CANVAS_HEIGHT) * 100}%`,
    width: `${(box.width / CANVAS_WIDTH) * 100}%`,
    height: `${(box.height / CANVAS_HEIGHT) * 100}%`,
    '--hue': String((index * 67 + 250) % 360),
  };

  const onPointerDown = (event: JSX.TargetedPointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0 || grab.current) return;
    const element = event.currentTarget;
    const canvas = element.parentElement!.getBoundingClientRect();
    const onHandle = (event.target as Element).closest('.layout-handle') !== null;
    event.preventDefault();
    element.focus();
    model.focus(module.id);
    element.setPointerCapture(event.pointerId);
    grab.current = { pointerId: event.pointerId, mode: onHandle ? 'resize' : 'move', clientX: event.clientX, clientY: event.clientY, scale: canvas.width / CANVAS_WIDTH, start: box };
  };

  const onPointerMove = (event: JSX.TargetedPointerEvent<HTMLButtonElement>) => {
    const held = grab.current;
    if (!held || held.pointerId !== event.pointerId) return;
    const dx = (event.clientX - held.clientX) / held.scale;
    const dy = (event.clientY - held.clientY) / held.scale;
    // Alt places freely: no snapping while it is held.
    const snap = event.altKey ? 0 : SNAP_SCREEN_PX / held.scale;
    const moved = dragBox({ mode: held.mode, start: held.start, dx, dy, aspect: aspectOf(module), snap });
    model.preview(module, moved.box, moved.guides);
  };

  const release = (keep: boolean) => (event: JSX.TargetedPointerEvent<HTMLButtonElement>) => {
    if (grab.current?.pointerId !== event.pointerId) return;
    grab.current = null;
    model.endPreview(keep);
  };

  const onKeyDown = (event: JSX.TargetedKeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Escape' && grab.current) {
      grab.current = null;
      model.endPreview(false);
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey || grab.current) return;
    // Arrows move the box, not the page.
    if (model.step(module, event.key, event.shiftKey)) event.preventDefault();
  };

  return (
    <button
      type="button"
      aria-label={module.name}
      aria-describedby={hintId}
      class={`layout-box${current ? ' layout-box-current' : ''}`}
      data-module={module.id}
      style={style}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={release(true)}
      onPointerCancel={release(false)}
      onLostPointerCapture={release(true)}
      onKeyDown={onKeyDown}
      onFocus={() => model.focus(module.id)}
    >
      <span class="layout-name" style={labelRow > 0 ? { marginTop: `${labelRow * 1.25}em` } : undefined}>
        {module.name}
      </span>
      <span class="layout-handle" aria-hidden="true" />
    </button>
  );
}
