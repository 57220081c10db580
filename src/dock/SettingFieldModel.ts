import { computed, type ReadonlySignal, signal } from '@preact/signals';
import { checkSettingValue, type Json, type Setting } from '../api/index.ts';
import { TypedDraft } from '../forms/index.ts';

/** What a control shows: text for text-like inputs, a boolean for a switch. */
export type ControlValue = string | boolean;

/**
 * One setting of a module as a form control: the stored value, the draft the
 * person is typing, and why a draft is refused. A refused draft is never
 * written; a value changed elsewhere shows at once unless the person is
 * editing this control (then it shows once they leave it).
 */
export class SettingFieldModel {
  /** The last value known to be stored (server, queue or another page); undefined when never set. */
  readonly stored = signal<Json | undefined>(undefined, { name: 'setting.stored' });
  /** What the person typed and has not left yet (a refused draft stays after they leave). */
  private readonly draft = new TypedDraft<ControlValue>();
  readonly error = signal<string | null>(null, { name: 'setting.error' });
  /** False until the stored value was read (offline before the first read). */
  readonly loaded = signal(false, { name: 'setting.loaded' });
  /** The value the module reads: the stored one when the setting accepts it, else the default. */
  readonly value: ReadonlySignal<Json>;
  readonly shown: ReadonlySignal<ControlValue>;
  readonly isDefault: ReadonlySignal<boolean>;
  /** Counts what happened to the value, so a read that started before a newer value arrived is dropped. */
  private version = 0;
  private loading = false;

  constructor(
    readonly name: string,
    readonly setting: Setting,
    private readonly write: (value: Json) => void,
  ) {
    this.value = computed(() => {
      const stored = this.stored.value;
      return stored !== undefined && checkSettingValue(setting, stored) === null ? stored : setting.default;
    });
    this.shown = computed(() => this.draft.shown(toControlValue(this.value.value)));
    this.isDefault = computed(() => JSON.stringify(this.value.value) === JSON.stringify(setting.default));
  }

  /** The person changed the control: write it when the setting accepts it, else say why. */
  input(raw: ControlValue): void {
    const value = fromControlValue(this.setting, raw);
    const reason = checkSettingValue(this.setting, value);
    this.draft.type(raw, { keep: reason !== null });
    this.error.value = reason;
    if (reason) return;
    this.version += 1;
    this.stored.value = value;
    this.write(value);
  }

  focus(): void {
    this.draft.enter();
  }

  /** Leaving the control shows the stored value again, unless the draft is refused (it stays, with its reason). */
  blur(): void {
    this.draft.leave({ keep: this.error.peek() !== null });
  }

  /**
   * Reads the stored value unless a read is under way. The answer is dropped when
   * the value changed meanwhile (the person wrote, or a change arrived): it is older.
   */
  async load(read: () => Promise<Json | undefined>): Promise<void> {
    if (this.loading || this.loaded.peek()) return;
    this.loading = true;
    const before = this.version;
    try {
      const value = await read();
      if (this.version === before) this.receive(value);
      else this.loaded.value = true;
    } finally {
      this.loading = false;
    }
  }

  /** A value read or written elsewhere. */
  receive(value: Json | undefined): void {
    this.version += 1;
    this.stored.value = value;
    this.loaded.value = true;
    this.draft.settle({ keep: this.error.peek() !== null });
  }

  /** Writes the default, dropping any draft. */
  reset(): void {
    this.version += 1;
    this.draft.drop();
    this.error.value = null;
    this.stored.value = this.setting.default;
    this.write(this.setting.default);
  }
}

function toControlValue(value: Json): ControlValue {
  if (typeof value === 'boolean') return value;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The JSON value of a control's content; a number field's text becomes a number (or NaN, refused). */
function fromControlValue(setting: Setting, raw: ControlValue): Json {
  if (setting.type === 'number' || setting.type === 'range') {
    const text = String(raw).trim();
    const number = text === '' ? Number.NaN : Number(text);
    return Number.isFinite(number) ? number : text;
  }
  if (setting.type === 'boolean') return raw === true || raw === 'true';
  if (setting.type === 'color') return String(raw).toLowerCase();
  return String(raw);
}
