import type { Box, ModuleEntry } from '../api/index.ts';

/** The host's handle on one module frame; the DOM part implements it. */
export interface ModuleFrame {
  /** The frame's window (`contentWindow`): hellos count only from it. */
  readonly window: unknown;
  /** Where it sits on the canvas, in canvas pixels, where the page places frames on one (the overlay page). */
  readonly box?: Box;
  /** The frame element's data attributes, where the DOM part has one: the alert a module shows is marked there. */
  readonly dataset?: Record<string, string | undefined>;
  /** Applies a new design size without reloading. */
  resize(width: number, height: number): void;
  /** Removes the frame; its page and everything running in it go away. */
  destroy(): void;
}

/** Creates the frame of `entry` with `instance` in its URL fragment. */
export type FrameFactory = (entry: ModuleEntry, instance: string) => ModuleFrame;
