import { useId, useState } from 'preact/hooks';
import { BOX_LIMITS } from '../../api/index.ts';
import { TypedDraft } from '../../forms/index.ts';
import type { BoxField, LayoutEditorModel, LayoutModule } from './LayoutEditorModel.ts';

const FIELDS: readonly { field: BoxField; label: string; min: number; max: number }[] = [
  { field: 'x', label: 'X', min: BOX_LIMITS.minPosition, max: BOX_LIMITS.maxPosition },
  { field: 'y', label: 'Y', min: BOX_LIMITS.minPosition, max: BOX_LIMITS.maxPosition },
  { field: 'width', label: 'Width', min: BOX_LIMITS.minSize, max: BOX_LIMITS.maxSize },
  { field: 'height', label: 'Height', min: BOX_LIMITS.minSize, max: BOX_LIMITS.maxSize },
];

/** The focused box in canvas pixels: `X`, `Y`, `Width`, `Height` (each size follows the other), and `Reset position`. */
export function BoxFields({ model }: { model: LayoutEditorModel }) {
  const module = model.current.value;
  if (!module) return <p class="layout-fields-empty">Focus a box (click it, or Tab to it) to set its place and size in numbers.</p>;
  return (
    <fieldset class="layout-fields" key={module.id}>
      <legend>{module.name}: place and size</legend>
      {FIELDS.map((spec) => (
        <NumberField key={spec.field} model={model} module={module} {...spec} />
      ))}
      <button type="button" class="layout-reset" onClick={() => model.reset(module)}>
        Reset position
      </button>
    </fieldset>
  );
}

interface NumberFieldProps {
  model: LayoutEditorModel;
  module: LayoutModule;
  field: BoxField;
  label: string;
  min: number;
  max: number;
}

/**
 * One number of the box. A whole number within the limits applies as it is typed; what
 * is being typed stays on screen until the field is left, unless the box changed meanwhile.
 */
function NumberField({ model, module, field, label, min, max }: NumberFieldProps) {
  const id = useId();
  const value = model.boxOf(module)[field];
  // The text typed, over the value the box had once it was applied: a box changed since (undo, a drag) shows its own.
  const [draft] = useState(() => new TypedDraft<string>());
  const shown = draft.shown(String(value), value);
  const number = Number(shown);
  const invalid = shown.trim() === '' || !Number.isInteger(number) || number < min || number > max;
  const onInput = (text: string) => {
    const typed = Number(text);
    if (text.trim() !== '' && Number.isInteger(typed) && typed >= min && typed <= max) model.setField(module, field, typed);
    draft.type(text, { basis: model.boxOf(module)[field], keep: true });
  };
  return (
    <div class="layout-field">
      <label for={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        step={1}
        min={min}
        max={max}
        value={shown}
        aria-invalid={invalid ? 'true' : undefined}
        onInput={(event) => onInput(event.currentTarget.value)}
        onBlur={() => draft.leave()}
        onKeyDown={(event) => {
          if (event.key === 'Enter') draft.leave();
        }}
      />
    </div>
  );
}
