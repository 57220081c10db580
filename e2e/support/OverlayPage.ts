import { expect, type Locator, type Page } from '@playwright/test';
import { EVENTSUB_EXAMPLES, type Kind, type StreamEvent } from '../../src/api/index.ts';
import type { ApiServerDriver } from './ApiServerDriver.ts';
import { ModuleFrame } from './ModuleFrame.ts';

export interface OpenOptions {
  /** Overlay kind to open. @default 'tool' */
  kind?: Kind;
  /** Select exactly these modules for the kind first. @default the profile's selection */
  modules?: string[];
  /** How the page gets its token: exchange the overlay id, or the seeded token in the URL. @default 'overlay' */
  auth?: 'overlay' | 'token';
  /** Adds `debug=1`. @default true */
  debug?: boolean;
  /** Wait until every selected module is ready. @default true */
  waitForModules?: boolean;
}

/** The overlay page as a streamer's browser source shows it. */
export class OverlayPage {
  constructor(
    readonly page: Page,
    private readonly api: ApiServerDriver,
  ) {}

  /** The address a streamer would paste (with `api=` pointing at the test's server). */
  url({ kind = 'tool', auth = 'overlay', debug = true }: OpenOptions = {}): string {
    const params = new URLSearchParams();
    if (auth === 'overlay') params.set('overlay', this.api.profile.overlays[kind]);
    else params.set('token', this.api.tokens[kind]);
    if (auth === 'token') params.set('kind', kind);
    params.set('api', this.api.url);
    if (debug) params.set('debug', '1');
    return `/?${params}`;
  }

  /** Opens the overlay and returns its first module's frame. */
  async open(options: OpenOptions = {}): Promise<ModuleFrame> {
    const kind = options.kind ?? 'tool';
    if (options.modules) await this.api.selectModules(kind, options.modules);
    await this.page.goto(this.url(options));
    const ids = options.modules ?? this.selectedIds(kind);
    if (options.waitForModules ?? true) {
      for (const id of ids) await this.module(id).waitUntilReady();
    }
    return this.module(ids[0] ?? '');
  }

  /**
   * Sends a stream event to every overlay of the user through the reference
   * server (`POST /me/events`), as Twitch or a Stream Deck button would.
   * Without `event`, the type's EventSub reference example (src/api/eventSubExamples.ts).
   */
  async emitEvent(type: string, event?: Record<string, unknown>, options: { id?: string; test?: boolean } = {}): Promise<StreamEvent> {
    const example = EVENTSUB_EXAMPLES[type as keyof typeof EVENTSUB_EXAMPLES];
    const payload = event ?? (example ? structuredClone(example.event) : {});
    return this.api.postEvent({ type, event: payload, ...(example && { version: example.version }), ...options });
  }

  /** The frame of one module. */
  module(id: string): ModuleFrame {
    return new ModuleFrame(this.page, id);
  }

  /** The debug panel (`debug=1`). */
  get debug(): Locator {
    return this.page.getByTestId('debug');
  }

  /** Waits until the debug panel lists a problem containing `text`. */
  async expectProblem(text: string | RegExp): Promise<void> {
    await expect(this.page.getByTestId('debug-problems')).toContainText(text);
  }

  private selectedIds(kind: Kind): string[] {
    const { selected } = this.api.profile;
    return kind === 'tool' ? selected.tools : [selected[kind]].filter(Boolean);
  }
}
