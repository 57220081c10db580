import { SettingControl } from './SettingControl.tsx';
import type { SettingsFormModel } from './SettingsFormModel.ts';

interface SettingsFormProps {
  form: SettingsFormModel;
}

/** A module's settings as a form; the dock and the studio show this same component. */
export function SettingsForm({ form }: SettingsFormProps) {
  if (form.fields.length === 0) return <p class="settings-empty">This module declares no settings.</p>;
  const writeError = form.writeError.value;
  return (
    <form class="settings-form" data-testid="settings-form" onSubmit={(event) => event.preventDefault()}>
      {form.fields.map((field) => (
        <SettingControl key={field.name} field={field} />
      ))}
      {writeError && (
        <p class="setting-error" role="alert">
          {writeError}
        </p>
      )}
    </form>
  );
}
