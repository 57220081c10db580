import { expect } from '@playwright/test';
import type { ModuleFrame } from './ModuleFrame.ts';

/** A change event as the test module `test.dock.settings` records it. */
export interface SeenChange {
  key: string;
  value: unknown;
  type: string;
  from: string;
}

/** What the test module `test.dock.settings` shows of its settings, in the overlay. */
export class SettingsProbe {
  constructor(readonly frame: ModuleFrame) {}

  /** Every change event the module heard, in order. */
  async changes(): Promise<SeenChange[]> {
    return JSON.parse((await this.frame.getByTestId('changes').textContent()) || '[]') as SeenChange[];
  }

  /** The last value heard per key. */
  async lastValues(): Promise<Record<string, unknown>> {
    return Object.fromEntries((await this.changes()).map((change) => [change.key, change.value]));
  }

  /** What `Overlay.settings()` answered last. */
  async settings(): Promise<Record<string, unknown>> {
    const text = await this.frame.getByTestId('settings').textContent();
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  }

  /** Waits until the module has heard `value` as its latest change; returns when it arrived (ms since the epoch). */
  async arrivalOf(value: unknown): Promise<number> {
    const last = this.frame.getByTestId('last-change');
    await expect(last).toHaveText(JSON.stringify(value));
    return Number(await last.getAttribute('data-at'));
  }
}
