import type { ComponentChildren } from 'preact';

interface LabelledSelectProps {
  label: string;
  value: string;
  /** The choices, each shown as its own value. */
  options: readonly string[];
  onChange(value: string): void;
  disabled?: boolean;
  testId?: string;
  /** Options before the listed ones, e.g. "all modules". */
  children?: ComponentChildren;
}

/** A select inside its label ("Kind", "Module"), as the studio's toolbars show them. */
export function LabelledSelect({ label, value, options, onChange, disabled, testId, children }: LabelledSelectProps) {
  return (
    <label>
      {label}{' '}
      <select data-testid={testId} value={value} disabled={disabled} onChange={(event) => onChange(event.currentTarget.value)}>
        {children}
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </label>
  );
}
