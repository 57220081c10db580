import { expect, type Locator, type Page } from '@playwright/test';
import type { Kind } from '../../src/api/index.ts';
import type { ApiServerDriver } from './ApiServerDriver.ts';

const KIND_TITLES: Record<Kind, string> = { game: 'Game', tool: 'Tool', background: 'Background', event: 'Event' };

/** The streamer's home page (`/home`): overlay addresses, modules, Stream Deck token, Twitch. */
export class HomePage {
  constructor(
    readonly page: Page,
    private readonly api: ApiServerDriver,
  ) {}

  /** The address `npm start` prints (with `api=` pointing at the test's server); without a token, the sign-in form. */
  url({ token = true }: { token?: boolean } = {}): string {
    const query = new URLSearchParams({ api: this.api.url });
    return token ? `/home?${query}#${new URLSearchParams({ token: this.api.tokens.website })}` : `/home?${query}`;
  }

  /** Opens the page signed in and waits for its sections. */
  async open(): Promise<void> {
    await this.page.goto(this.url());
    await expect(this.section('Twitch')).toBeVisible();
  }

  /** A section by its heading (`Overlays`, `Modules`, `Stream Deck`, `Twitch`). */
  section(title: string): Locator {
    return this.page.getByRole('region', { name: title, exact: true });
  }

  /** A kind's group in Overlays (`Tool overlay`). */
  overlay(kind: Kind): Locator {
    return this.section('Overlays').getByRole('group', { name: `${KIND_TITLES[kind]} overlay`, exact: true });
  }

  /** The read-only field holding a kind's overlay address. */
  overlayAddress(kind: Kind): Locator {
    return this.page.getByLabel(`${KIND_TITLES[kind]} overlay address`, { exact: true });
  }

  /** The address of a kind's overlay as the page has it, as a path the test's page server opens. */
  async overlayPath(kind: Kind): Promise<string> {
    const address = new URL(await this.overlayAddress(kind).inputValue());
    return `${address.pathname}${address.search}&debug=1`;
  }

  /** `New address`, then `Make a new address`; waits until the field holds another address, and returns it. */
  async newOverlayAddress(kind: Kind): Promise<string> {
    const before = await this.overlayAddress(kind).inputValue();
    await this.overlay(kind).getByRole('button', { name: 'New address', exact: true }).click();
    await this.overlay(kind).getByRole('button', { name: 'Make a new address', exact: true }).click();
    await expect(this.overlayAddress(kind)).not.toHaveValue(before);
    return this.overlayAddress(kind).inputValue();
  }

  /** The checkbox `Show <name>` of a tool. */
  showTool(name: string): Locator {
    return this.section('Modules').getByRole('checkbox', { name: `Show ${name}`, exact: true });
  }

  /** The toggle `Favourite <name>`. */
  favourite(name: string): Locator {
    return this.section('Modules').getByRole('button', { name: `Favourite ${name}`, exact: true });
  }

  /** The field with the Stream Deck token. */
  get streamDeckToken(): Locator {
    return this.page.getByLabel('Stream Deck token', { exact: true });
  }

  /** Makes a new Stream Deck token and returns it once the field shows it. */
  async newStreamDeckToken(): Promise<string> {
    const before = await this.streamDeckToken.inputValue();
    await this.section('Stream Deck').getByRole('button', { name: 'New Stream Deck token', exact: true }).click();
    await expect(this.streamDeckToken).not.toHaveValue(before);
    return this.streamDeckToken.inputValue();
  }

  /** The Twitch state line (`not logged in`, `pending`, `connected`). */
  get twitchState(): Locator {
    return this.section('Twitch').getByTestId('twitch-state');
  }

  /** The file input `Upload media` of the Media section. */
  get uploadMedia(): Locator {
    return this.section('Media').getByLabel('Upload media', { exact: true });
  }

  /** A file's row in the Media section, by its name. */
  mediaItem(name: string): Locator {
    return this.section('Media').getByTestId('media-item').filter({ has: this.page.getByText(name, { exact: true }) });
  }

  /** The Media section's line `<used> of <quota> used`. */
  get mediaUsage(): Locator {
    return this.section('Media').getByTestId('media-usage');
  }

  /** `Delete <name>`, then `Delete for good`; waits until the row is gone. */
  async deleteMedia(name: string): Promise<void> {
    await this.section('Media').getByRole('button', { name: `Delete ${name}`, exact: true }).click();
    await this.section('Media').getByRole('button', { name: 'Delete for good', exact: true }).click();
    await expect(this.mediaItem(name)).toHaveCount(0);
  }
}
