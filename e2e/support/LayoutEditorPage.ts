import { expect, type Locator, type Page } from '@playwright/test';
import { type Box, type Kind, type Layout, LayoutSchema } from '../../src/api/index.ts';
import type { ApiServerDriver } from './ApiServerDriver.ts';

export type BoxFieldLabel = 'X' | 'Y' | 'Width' | 'Height';

/** The Layout section of the home page, as a streamer uses it (by its names and labels). */
export class LayoutEditorPage {
  constructor(
    readonly page: Page,
    private readonly api: ApiServerDriver,
  ) {}

  /** The home page's address with the website token (in the fragment, as `npm start` prints it) and the test's API. */
  url(): string {
    return `/home?${new URLSearchParams({ api: this.api.url })}#${new URLSearchParams({ token: this.api.tokens.website })}`;
  }

  /** Opens the home page and shows the layout of `kind`, its boxes in place. */
  async open(kind: Kind = 'tool'): Promise<void> {
    await this.page.goto(this.url());
    await this.overlay.selectOption(kind);
    await expect(this.section.getByTestId('layout-canvas')).toHaveAttribute('data-kind', kind);
    await expect(this.status).not.toContainText('Loading');
  }

  /** The section under the heading `Layout`. */
  get section(): Locator {
    return this.page.getByRole('region', { name: 'Layout', exact: true });
  }

  /** The select of the overlay kind. */
  get overlay(): Locator {
    return this.section.getByLabel('Overlay', { exact: true });
  }

  /** A module's box on the preview, named by its manifest name. */
  box(name: string): Locator {
    return this.section.getByRole('button', { name, exact: true });
  }

  /** A number field of the focused box. */
  field(label: BoxFieldLabel): Locator {
    return this.section.getByLabel(label, { exact: true });
  }

  get resetPosition(): Locator {
    return this.section.getByRole('button', { name: 'Reset position', exact: true });
  }

  /** What became of the last save (saved, a conflict, a failure). */
  get status(): Locator {
    return this.section.getByRole('status');
  }

  /** The focused box as its fields show it. */
  async shownBox(): Promise<Box> {
    const read = async (label: BoxFieldLabel) => Number(await this.field(label).inputValue());
    return { x: await read('X'), y: await read('Y'), width: await read('Width'), height: await read('Height') };
  }

  /** Focuses a box and presses keys on it (e.g. `ArrowRight`, `Shift+ArrowDown`). */
  async press(name: string, ...keys: string[]): Promise<void> {
    await this.box(name).focus();
    for (const key of keys) await this.box(name).press(key);
  }

  /** Types a value into a field of the focused box and leaves it with Enter. */
  async setField(label: BoxFieldLabel, value: number): Promise<void> {
    await this.field(label).fill(String(value));
    await this.field(label).press('Enter');
  }

  /** Drags a box (or its resize corner) by screen pixels with the mouse, `alt` held to turn snapping off. */
  async drag(name: string, dx: number, dy: number, { corner = false, alt = false } = {}): Promise<void> {
    const target = corner ? this.box(name).locator('.layout-handle') : this.box(name);
    const area = (await target.boundingBox())!;
    const x = area.x + Math.min(area.width / 2, corner ? area.width / 2 : 40);
    const y = area.y + area.height / 2;
    await this.page.mouse.move(x, y);
    await this.page.mouse.down();
    if (alt) await this.page.keyboard.down('Alt');
    await this.page.mouse.move(x + dx, y + dy, { steps: 8 });
    await this.page.mouse.up();
    if (alt) await this.page.keyboard.up('Alt');
  }

  /** Drags a box with one finger (real touch input through the DevTools protocol; the page needs `hasTouch`). */
  async touchDrag(name: string, dx: number, dy: number): Promise<void> {
    const area = (await this.box(name).boundingBox())!;
    const x = area.x + Math.min(area.width / 2, 40);
    const y = area.y + area.height / 2;
    const touch = await this.page.context().newCDPSession(this.page);
    const point = (px: number, py: number) => [{ x: px, y: py, id: 1 }];
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(x, y) });
    for (let step = 1; step <= 8; step++) {
      await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(x + (dx * step) / 8, y + (dy * step) / 8) });
    }
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await touch.detach();
  }

  /** `GET /me/layout/<kind>` on the server, with the website token. */
  async stored(kind: Kind = 'tool'): Promise<Layout> {
    const response = await fetch(`${this.api.url}/me/layout/${kind}`, { headers: { Authorization: `Bearer ${this.api.tokens.website}` } });
    if (!response.ok) throw new Error(`GET /me/layout/${kind}: ${response.status} ${await response.text()}`);
    return LayoutSchema.parse(await response.json());
  }

  /** The stored box of one module, or undefined when it has none (it sits in its default box). */
  async storedBox(moduleId: string, kind: Kind = 'tool'): Promise<Box | undefined> {
    return (await this.stored(kind)).boxes[moduleId];
  }
}
