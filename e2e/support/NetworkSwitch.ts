import type { Page } from '@playwright/test';

/** Cuts the page off from the API (every request to it fails as a network error) and back. */
export class NetworkSwitch {
  private cut = false;
  private installed = false;

  constructor(
    private readonly page: Page,
    private readonly apiUrl: () => string,
  ) {}

  get isOffline(): boolean {
    return this.cut;
  }

  async offline(): Promise<void> {
    this.cut = true;
    if (this.installed) return;
    this.installed = true;
    await this.page.context().route(`${this.apiUrl()}/**`, (route) => (this.cut ? route.abort('internetdisconnected') : route.fallback()));
  }

  async online(): Promise<void> {
    this.cut = false;
  }
}
