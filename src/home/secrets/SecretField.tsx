import type { ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';
import { CopyButton } from './CopyButton.tsx';
import type { SecretModel } from './SecretModel.ts';

interface SecretFieldProps {
  model: SecretModel;
  /** The field's label, e.g. `Tool overlay address`. */
  label: string;
  /** The toggle's name, e.g. `Show address`. */
  showLabel: string;
  /** More buttons for the row of `Show` and `Copy`. */
  children?: ComponentChildren;
}

/**
 * A secret in a read-only field, masked like a password (its value is the
 * secret, so `Copy` and a screen reader still have it) until the streamer
 * presses the show toggle.
 */
export function SecretField({ model, label, showLabel, children }: SecretFieldProps) {
  const id = useId();
  const shown = model.shown.value;
  return (
    <div class="secret">
      <label for={id}>{label}</label>
      <input id={id} class="secret-value" type={shown ? 'text' : 'password'} readOnly value={model.value.value ?? ''} autoComplete="off" spellcheck={false} />
      <div class="home-row">
        <button type="button" aria-pressed={shown} onClick={() => model.toggle()}>
          {showLabel}
        </button>
        <CopyButton text={model.value.value} />
        {children}
      </div>
    </div>
  );
}
