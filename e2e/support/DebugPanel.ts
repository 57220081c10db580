import { expect, type Locator, type Page } from '@playwright/test';

/** The overlay's `debug=1` panel: start phase, where the profile came from, the write queue's state. */
export class DebugPanel {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('debug');
  }

  /** `starting`, `running` or `failed`. */
  get phase(): Locator {
    return this.root.getByTestId('debug-phase');
  }

  /** Shown while the overlay runs on the cached profile (the API could not be reached at start). */
  get profileFromCache(): Locator {
    return this.root.getByTestId('debug-cached');
  }

  /** `online`, `offline`, `backing-off` or `auth-required`. */
  get syncState(): Locator {
    return this.root.getByTestId('debug-sync-state');
  }

  /** Writes not yet confirmed by the API. */
  get pending(): Locator {
    return this.root.getByTestId('debug-pending');
  }

  /** Live changes: `live`, `polling` or `connecting`. */
  get live(): Locator {
    return this.root.getByTestId('debug-live');
  }

  /** The sync line as a whole (it names failed writes and a queue kept in memory only). */
  get sync(): Locator {
    return this.root.getByTestId('debug-sync');
  }

  get problems(): Locator {
    return this.root.getByTestId('debug-problems');
  }

  /** Waits until the queue shows this state and, when given, this many pending writes. */
  async expectSync(state: string | RegExp, pending?: number): Promise<void> {
    await expect(this.syncState).toHaveText(state);
    if (pending !== undefined) await expect(this.pending).toHaveText(String(pending));
  }
}
