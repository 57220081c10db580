import { expect, type Locator } from '@playwright/test';
import type { ModuleFrame } from './ModuleFrame.ts';

/** What the module received as its last `status` event. */
export interface ModuleStatus {
  online: boolean;
  pending: number;
  failed: { key: string; code: string; message: string }[];
}

/** The keys written by `test.offline.keys` on each round. */
export const ROUND_KEYS = ['a', 'b', 'c', 'd'] as const;
/** The key name it writes on "write refused": the client accepts it, the API answers 400. */
export const REFUSED_KEY = 'refused-\ud800';

/**
 * The `test.offline.keys` fixture module: each round writes the round number
 * to the keys a, b, c and d. Its frame may lie under another module's, so its
 * buttons are clicked by dispatching the event to them.
 */
export class KeysModule {
  static readonly id = 'test.offline.keys';

  constructor(readonly frame: ModuleFrame) {}

  /** The round last written (or loaded at start). */
  get round(): Locator {
    return this.frame.getByTestId('round');
  }

  /** The last round whose four `db.set` calls all resolved. */
  get saved(): Locator {
    return this.frame.getByTestId('saved');
  }

  /** What the last read (`read-unset`) returned. */
  get read(): Locator {
    return this.frame.getByTestId('read');
  }

  /** Writes the next round and waits until `db.set` resolved for each key (durably queued). */
  async writeRound(): Promise<number> {
    // The module shows its round once its first read is answered: wait for it, not for whatever the page shows now.
    await expect(this.round).toHaveText(/^\d+$/);
    const next = Number(await this.round.textContent()) + 1;
    await this.click('write-round');
    await expect(this.saved).toHaveText(String(next));
    return next;
  }

  /** Writes one value under a key name the API refuses. */
  async writeRefused(): Promise<void> {
    await this.click('write-refused');
  }

  /** Reads a key that was never set (a read that reaches the API when it can). */
  async readUnset(): Promise<void> {
    await this.read.evaluate((element) => {
      element.textContent = '';
    });
    await this.click('read-unset');
    await expect(this.read).not.toBeEmpty();
  }

  /** The module's last `status` event. */
  async status(): Promise<ModuleStatus | null> {
    const text = await this.frame.getByTestId('status').textContent();
    return text ? (JSON.parse(text) as ModuleStatus) : null;
  }

  private async click(testId: string): Promise<void> {
    const button = this.frame.getByTestId(testId);
    await expect(button).toBeEnabled();
    await button.dispatchEvent('click');
  }
}
