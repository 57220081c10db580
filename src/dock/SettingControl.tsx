import type { JSX } from 'preact';
import { useId } from 'preact/hooks';
import { numberBounds } from '../api/index.ts';
import { MediaControl, MediaExtras } from './MediaControl.tsx';
import type { MediaPickerModel } from './MediaPickerModel.ts';
import type { SettingFieldModel } from './SettingFieldModel.ts';

interface SettingControlProps {
  field: SettingFieldModel;
  /** For a media setting: its picker (the library's files, preview, upload). */
  picker?: MediaPickerModel;
}

/**
 * One setting: its label, the control that fits its type, a reset to the
 * default, and why a value is refused. The control's accessible name is the
 * setting's `label` and nothing else carries it, so `getByLabel(label)` finds
 * exactly the control.
 */
export function SettingControl({ field, picker }: SettingControlProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const { setting } = field;
  const error = field.error.value;
  return (
    <div class={`setting setting-${setting.type}`} data-setting={field.name}>
      <label for={id}>{setting.label}</label>
      <div class="setting-row">
        {picker ? <MediaControl picker={picker} id={id} describedBy={error ? errorId : undefined} /> : <Control field={field} id={id} describedBy={error ? errorId : undefined} />}
        <button type="button" class="reset" title={`Back to the default (${String(setting.default)})`} onClick={() => field.reset()}>
          Reset
        </button>
      </div>
      {picker && <MediaExtras picker={picker} />}
      {error && (
        <p id={errorId} class="setting-error" role="alert">
          Not saved: {error}.
        </p>
      )}
    </div>
  );
}

interface ControlProps {
  field: SettingFieldModel;
  id: string;
  describedBy: string | undefined;
}

function Control({ field, id, describedBy }: ControlProps) {
  const { setting } = field;
  const shown = field.shown.value;
  const common = {
    id,
    name: field.name,
    'aria-invalid': describedBy ? ('true' as const) : undefined,
    'aria-describedby': describedBy,
    onFocus: () => field.focus(),
    onBlur: () => field.blur(),
  };
  const onInput = (event: JSX.TargetedEvent<HTMLInputElement | HTMLSelectElement>) => field.input(event.currentTarget.value);
  switch (setting.type) {
    case 'boolean':
      return (
        <input {...common} type="checkbox" role="switch" checked={shown === true} aria-checked={shown === true} onChange={(event) => field.input(event.currentTarget.checked)} />
      );
    case 'select':
      return (
        <select {...common} value={String(shown)} onChange={onInput}>
          {setting.options.map((option) => (
            <option key={option} value={option} selected={option === shown}>
              {option}
            </option>
          ))}
        </select>
      );
    case 'color':
      return <input {...common} type="color" value={String(shown)} onInput={onInput} />;
    case 'number':
    case 'range':
      return <NumberControl field={field} common={common} onInput={onInput} />;
    case 'text':
      return <input {...common} type="text" autocomplete="off" spellcheck={false} value={String(shown)} onInput={onInput} />;
  }
}

interface NumberControlProps {
  field: SettingFieldModel;
  common: Record<string, unknown>;
  onInput: (event: JSX.TargetedEvent<HTMLInputElement>) => void;
}

/** A number field, or a slider with its value shown beside it. Bounds are checked by the setting, not by the browser. */
function NumberControl({ field, common, onInput }: NumberControlProps) {
  const setting = field.setting as typeof field.setting & { type: 'number' | 'range' };
  const { min, max, step } = numberBounds(setting);
  const limits = {
    min: Number.isFinite(min) ? min : undefined,
    max: Number.isFinite(max) ? max : undefined,
    step: step ?? 'any',
  };
  const shown = String(field.shown.value);
  if (setting.type === 'number') return <input {...common} {...limits} type="number" inputMode="decimal" value={shown} onInput={onInput} />;
  return (
    <span class="range">
      <input {...common} {...limits} type="range" value={shown} onInput={onInput} />
      <output for={common.id as string} aria-hidden="true">
        {shown}
      </output>
    </span>
  );
}
