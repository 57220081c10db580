import type { ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';
import { groupFields } from './groupFields.ts';
import type { SettingFieldModel } from './SettingFieldModel.ts';
import { SettingControl } from './SettingControl.tsx';
import type { SettingsFormModel } from './SettingsFormModel.ts';

interface SettingsFormProps {
  form: SettingsFormModel;
}

/** A module's settings as a form; the dock and the studio show this same component. */
export function SettingsForm({ form }: SettingsFormProps) {
  if (form.fields.length === 0) return <p class="settings-empty">This module declares no settings.</p>;
  const writeError = form.writeError.value;
  const control = (field: SettingFieldModel) => <SettingControl key={field.name} field={field} picker={form.pickers.get(field.name)} />;
  return (
    <form class="settings-form" data-testid="settings-form" onSubmit={(event) => event.preventDefault()}>
      {groupFields(form.fields).map((part) =>
        part.group === null ? control(part.fields[0]) : <SettingsGroup key={`group:${part.group}`} name={part.group}>{part.fields.map(control)}</SettingsGroup>,
      )}
      {writeError && (
        <p class="setting-error" role="alert">
          {writeError}
        </p>
      )}
    </form>
  );
}

/**
 * One group of settings as a collapsible section, closed at first: a module
 * with many groups (the alert box has seven) stays short in a narrow dock.
 */
function SettingsGroup({ name, children }: { name: string; children: ComponentChildren }) {
  const id = useId();
  return (
    <details class="settings-group" aria-labelledby={id}>
      <summary id={id}>{name}</summary>
      <div class="settings-group-body">{children}</div>
    </details>
  );
}
