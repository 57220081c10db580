import { expect, type Locator, type Page } from '@playwright/test';
import type { Kind } from '../../src/api/index.ts';
import { ModuleFrame } from './ModuleFrame.ts';

export interface ProfileChange {
  live?: boolean;
  title?: string;
  viewers?: number;
  select?: string[];
  unselect?: string[];
}

/** The studio page (`/studio`): its stage, panels and controls, by intent. */
export class StudioPage {
  constructor(readonly page: Page) {}

  /** Opens the studio on an overlay id, against the API at `api`; waits until the overlay runs. */
  async open(overlayId: string, api: string): Promise<void> {
    await this.page.goto(`/studio?${new URLSearchParams({ overlay: overlayId, api })}`);
    await expect(this.page.getByTestId('studio-phase')).toContainText('running');
  }

  /** One module's frame on the stage. */
  module(id: string): ModuleFrame {
    return new ModuleFrame(this.page, id);
  }

  get stage(): Locator {
    return this.page.getByTestId('studio-stage');
  }

  /** The module list's entry of one module; its `data-state` is the phase. */
  moduleEntry(id: string): Locator {
    return this.page.getByTestId('module-list').getByTestId(`module-${id}`);
  }

  /**
   * Clicks an element of a module on the stage. The stage scales the frames down,
   * and Playwright's pointer does not follow a scaled frame, so the click is
   * dispatched to the element itself.
   */
  async clickInModule(id: string, testId: string): Promise<void> {
    const target = this.module(id).getByTestId(testId);
    await expect(target).toBeEnabled();
    await target.dispatchEvent('click');
  }

  /** Puts a module's frame on top of the stage, so that clicks reach it. */
  async bringToFront(id: string): Promise<void> {
    await this.page.getByRole('button', { name: `Bring ${id} to front` }).click();
  }

  async expectModuleState(id: string, phase: string | RegExp): Promise<void> {
    await expect(this.moduleEntry(id).getByTestId('module-state')).toHaveText(phase);
  }

  /** The inspector's row of a key; `data-state` is saved, pending or failed. */
  dbRow(moduleId: string, name: string): Locator {
    return this.page.getByTestId(`db-row-${moduleId}:${name}`);
  }

  dbValue(moduleId: string, name: string): Locator {
    return this.page.getByRole('textbox', { name: `Value of ${moduleId}:${name}` });
  }

  /** Replaces a stored value in the inspector (JSON text). */
  async editValue(moduleId: string, name: string, json: string): Promise<void> {
    await this.dbValue(moduleId, name).fill(json);
    await this.page.getByRole('button', { name: `Save ${moduleId}:${name}` }).click();
  }

  /** Adds a key with the inspector's form. */
  async addKey(moduleId: string, name: string, json: string): Promise<void> {
    await this.page.getByRole('textbox', { name: "New key's module" }).fill(moduleId);
    await this.page.getByRole('textbox', { name: "New key's name" }).fill(name);
    await this.page.getByRole('textbox', { name: "New key's value" }).fill(json);
    await this.page.getByRole('button', { name: 'Add', exact: true }).click();
  }

  /** Changes the profile in the editor and saves it. */
  async editProfile(change: ProfileChange): Promise<void> {
    const editor = this.page.getByTestId('profile-editor');
    if (change.live !== undefined) await editor.getByRole('switch', { name: 'Live' }).setChecked(change.live);
    if (change.title !== undefined) await editor.getByRole('textbox', { name: 'Title' }).fill(change.title);
    if (change.viewers !== undefined) await editor.getByRole('spinbutton', { name: 'Viewers' }).fill(String(change.viewers));
    for (const id of change.select ?? []) await editor.getByRole('checkbox', { name: id }).check();
    for (const id of change.unselect ?? []) await editor.getByRole('checkbox', { name: id }).uncheck();
    await editor.getByRole('button', { name: 'Save profile' }).click();
    await expect(editor.getByRole('button', { name: 'Save profile' })).toBeEnabled();
  }

  /** Cuts the page off from the API, or connects it again. */
  async setNetwork(online: boolean): Promise<void> {
    await this.page.getByRole('switch', { name: 'Network' }).setChecked(online);
  }

  /** Pending writes of the page's queue, as the controls show them. */
  get pending(): Locator {
    return this.page.getByTestId('sync-pending');
  }

  async send(event: 'visible' | 'hidden'): Promise<void> {
    await this.page.getByRole('button', { name: `Send ${event}` }).click();
  }

  /** Switches the stage to the user's overlay of another kind (the page reloads). */
  async pickKind(kind: Kind): Promise<void> {
    await this.page.getByRole('combobox', { name: 'Kind' }).selectOption(kind);
    await expect(this.page.getByTestId('studio-phase')).toHaveText(`${kind} overlay · running`);
  }

  /** Rows of the traffic log, all or one module's. */
  trafficRows(moduleId?: string): Locator {
    const rows = this.page.getByTestId('traffic-log').getByTestId('traffic-row');
    return moduleId ? rows.and(this.page.locator(`[data-module="${moduleId}"]`)) : rows;
  }

  /** Shows one module's traffic alone ('' for all). */
  async filterTraffic(moduleId: string): Promise<void> {
    await this.page.getByTestId('traffic-log').getByRole('combobox', { name: 'Module' }).selectOption(moduleId);
  }
}
