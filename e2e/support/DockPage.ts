import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import type { Kind } from '../../src/api/index.ts';
import type { ApiServerDriver } from './ApiServerDriver.ts';

export interface DockOpenOptions {
  /** `website`: the website token (every kind); `overlay`: one kind's overlay id; `token`: its overlay token. @default 'website' */
  auth?: 'website' | 'overlay' | 'token';
  /** The kind for `overlay` and `token`. @default 'tool' */
  kind?: Kind;
  /** Put the parameters in the `#fragment` instead of the query. @default false */
  fragment?: boolean;
}

/** The control dock as a streamer opens it in an OBS custom dock or on a phone. */
export class DockPage {
  constructor(
    readonly page: Page,
    private readonly api: ApiServerDriver,
  ) {}

  /** The dock's address (with `api=` pointing at the test's server). */
  url({ auth = 'website', kind = 'tool', fragment = false }: DockOpenOptions = {}): string {
    const params = new URLSearchParams();
    if (auth === 'website') params.set('token', this.api.tokens.website);
    if (auth === 'overlay') params.set('overlay', this.api.profile.overlays[kind]);
    if (auth === 'token') params.set('token', this.api.tokens[kind]);
    params.set('api', this.api.url);
    return fragment ? `/dock#${params}` : `/dock?${params}`;
  }

  /** Opens the dock and waits until every module listed has its settings form or panel. */
  async open(moduleIds: string[], options: DockOpenOptions = {}): Promise<void> {
    await this.page.goto(this.url(options));
    for (const id of moduleIds) await expect(this.module(id).getByTestId('module-status')).not.toHaveAttribute('data-state', 'starting');
  }

  /** A module's section (heading = manifest name, settings form, panel). */
  module(id: string): Locator {
    return this.page.getByTestId(`dock-module-${id}`);
  }

  /** A setting's control, found by its label as a person would. */
  setting(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  /** The module's write state: saved, pending, offline, auth or failed. */
  status(id: string): Locator {
    return this.module(id).getByTestId('module-status');
  }

  /** The panel frame of a module. */
  panelFrame(id: string): Locator {
    return this.module(id).locator(`iframe[data-module-id="${id}"]`);
  }

  /** Inside the panel frame of a module. */
  panel(id: string): FrameLocator {
    return this.panelFrame(id).contentFrame();
  }

  /** The Alerts section: its toggles and buttons by name (`Pause alerts`, `Mute alerts`, `Skip alert`, `Clear waiting alerts`). */
  alertsControl(name: string): Locator {
    return this.page.getByTestId('dock-alerts').getByRole('button', { name, exact: true });
  }

  /** The Alerts section's status line: what shows and how many wait. */
  get alertsLine(): Locator {
    return this.page.getByTestId('dock-alerts').getByRole('status');
  }

  /** Opens the dock and waits until its Alerts section has read the state. */
  async openAlerts(options: DockOpenOptions = {}): Promise<void> {
    await this.page.goto(this.url(options));
    await expect(this.alertsLine).toContainText('waiting');
  }

  /** The "Reset" button of the setting labelled `label`. */
  resetButton(label: string): Locator {
    return this.page.locator('.setting').filter({ has: this.setting(label) }).getByRole('button', { name: 'Reset' });
  }

  /** The settings group named `name` (a collapsible section); `openGroup` shows its controls. */
  group(name: string): Locator {
    return this.page.getByRole('group', { name, exact: true });
  }

  /** Opens a settings group so its controls can be used (groups start closed). */
  async openGroup(name: string): Promise<void> {
    const group = this.group(name);
    if ((await group.getAttribute('open')) === null) await group.locator('summary').click();
    await expect(group).toHaveAttribute('open', '');
  }

  /** The whole control of the setting labelled `label`: its picker, preview, upload and messages. */
  settingBox(label: string): Locator {
    return this.page.locator('.setting').filter({ has: this.setting(label) });
  }

  /** Uploads a file through the picker of the media setting labelled `label` (`Upload <label>`), which also picks it. */
  async uploadMedia(label: string, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.page.getByLabel(`Upload ${label}`, { exact: true }).setInputFiles(file);
  }
}
