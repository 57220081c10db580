import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';

/** One module of the overlay: its sandboxed frame and its state in the host. */
export class ModuleFrame {
  readonly iframe: Locator;
  readonly content: FrameLocator;

  constructor(
    readonly page: Page,
    readonly id: string,
  ) {
    this.iframe = page.locator(`iframe[data-module-id="${id}"]`);
    this.content = this.iframe.contentFrame();
  }

  /** Locates an element of the module by its `data-testid`. */
  getByTestId(testId: string): Locator {
    return this.content.getByTestId(testId);
  }

  /** Waits until the module's SDK has connected to the host. */
  async waitUntilReady(): Promise<void> {
    // Each module starts a renderer process of its own: allow for a loaded machine.
    await expect(this.iframe).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
  }

  /**
   * Waits until the module shows the alert of `event` (the record `overlay.emitEvent` answers): the
   * host handed it over and the module has not ended it yet. Its `data-alert` attribute says so.
   */
  async alertStarted(event: { id: string }, timeout?: number): Promise<void> {
    await expect(this.iframe).toHaveAttribute('data-alert', event.id, { timeout });
  }

  /** Waits until the module is done with the alert of `event` (it settled, called `done()`, passed, timed out or was skipped). */
  async alertEnded(event: { id: string }, timeout?: number): Promise<void> {
    await expect(this.iframe).toHaveAttribute('data-alerts-done', new RegExp(`(^| )${escapeRegExp(event.id)}( |$)`), { timeout });
  }

  /** The host's state of this module: connecting, ready, restarting or crashed. */
  state(): Promise<string | null> {
    return this.iframe.getAttribute('data-state');
  }

  /** Leaves a mark in the module's window; the returned check is false once that window was replaced (a restart). */
  async markWindow(): Promise<() => Promise<boolean>> {
    const frame = await (await this.iframe.elementHandle())!.contentFrame();
    await frame!.evaluate(() => {
      (window as unknown as { mark: boolean }).mark = true;
    });
    return async () => {
      const current = await (await this.iframe.elementHandle())!.contentFrame();
      return current!.evaluate(() => (window as unknown as { mark?: boolean }).mark === true);
    };
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
