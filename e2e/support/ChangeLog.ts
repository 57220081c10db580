import type { Frame } from '@playwright/test';
import type { Json } from '../../src/api/index.ts';
import type { ModuleFrame } from './ModuleFrame.ts';

/** A `change` event as a module hears it. */
export interface HeardChange {
  key: string;
  value: Json;
  from: string;
}

interface LoggingWindow {
  heardChanges: HeardChange[];
  /** Heard changes and the test's own writes, in the order they happened: what the module would show. */
  timeline: { key: string; value: Json }[];
  lastStatus: { live: string } | null;
  Overlay: {
    on(event: string, listener: (data: never) => void): void;
    db: { get(key: string): Promise<Json | undefined>; set(key: string, value: Json): Promise<void> };
  };
}

/**
 * What one module frame hears, recorded inside the frame itself by the SDK's
 * own `Overlay.on`, and its `db` calls made from the test, as the module would.
 */
export class ChangeLog {
  private constructor(private readonly frame: Frame) {}

  /** Starts listening in a module that is ready. */
  static async attach(module: ModuleFrame): Promise<ChangeLog> {
    await module.waitUntilReady();
    const frame = await (await module.iframe.elementHandle())?.contentFrame();
    if (!frame) throw new Error(`module ${module.id} has no frame`);
    await frame.evaluate(() => {
      const w = window as unknown as LoggingWindow;
      w.heardChanges = [];
      w.timeline = [];
      w.lastStatus = null;
      w.Overlay.on('change', (change: HeardChange) => {
        w.heardChanges.push(change);
        w.timeline.push(change);
      });
      w.Overlay.on('status', (status: { live: string }) => {
        w.lastStatus = status;
      });
    });
    return new ChangeLog(frame);
  }

  /** Every change heard since `attach`, in order. */
  changes(): Promise<HeardChange[]> {
    return this.frame.evaluate(() => (window as unknown as LoggingWindow).heardChanges);
  }

  /** The values of the changes heard for `key`. */
  async values(key: string): Promise<Json[]> {
    return (await this.changes()).filter((change) => change.key === key).map((change) => change.value);
  }

  /** Reads `key` as a module does at its start, and counts the answer as shown. */
  async load(key: string): Promise<void> {
    await this.frame.evaluate(async (k: string) => {
      const w = window as unknown as LoggingWindow;
      const value = await w.Overlay.db.get(k);
      if (value !== undefined) w.timeline.unshift({ key: k, value });
    }, key);
  }

  /** What the module would show for `key`: the last of its own writes (through `set`) and the changes it heard. */
  async shown(key: string): Promise<Json | undefined> {
    const text = await this.frame.evaluate(
      (k: string) => JSON.stringify((window as unknown as LoggingWindow).timeline.filter((entry) => entry.key === k).at(-1)?.value),
      key,
    );
    return text === undefined ? undefined : (JSON.parse(text) as Json);
  }

  /** `live` of the last status event heard. */
  liveState(): Promise<string | null> {
    return this.frame.evaluate(() => (window as unknown as LoggingWindow).lastStatus?.live ?? null);
  }

  async get(key: string): Promise<Json | undefined> {
    const text = await this.frame.evaluate(async (k: string) => JSON.stringify(await (window as unknown as LoggingWindow).Overlay.db.get(k)), key);
    return text === undefined ? undefined : (JSON.parse(text) as Json);
  }

  async set(key: string, value: Json): Promise<void> {
    const write = JSON.stringify([key, value]);
    await this.frame.evaluate((text: string) => {
      const [k, v] = JSON.parse(text) as [string, Json];
      const w = window as unknown as LoggingWindow;
      w.timeline.push({ key: k, value: v });
      return w.Overlay.db.set(k, v);
    }, write);
  }
}
