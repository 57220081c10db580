import type { ModuleEntry } from '../../api/index.ts';
import type { FrameFactory, ModuleFrame } from '../ModuleFrame.ts';

export interface FakeFrame extends ModuleFrame {
  readonly window: object;
  entry: ModuleEntry;
  instance: string;
  destroyed: boolean;
}

/** Frames without a DOM: each has its own window object, for hello routing. */
export class FakeFrames {
  readonly created: FakeFrame[] = [];

  readonly create: FrameFactory = (entry, instance) => {
    const frame: FakeFrame = {
      window: { name: `${entry.id}#${instance}` },
      entry,
      instance,
      destroyed: false,
      dataset: {},
      resize(width, height) {
        frame.entry = { ...frame.entry, width, height };
      },
      destroy() {
        frame.destroyed = true;
      },
    };
    this.created.push(frame);
    return frame;
  };

  /** The frames of `id` still in place. */
  live(id: string): FakeFrame[] {
    return this.created.filter((frame) => frame.entry.id === id && !frame.destroyed);
  }
}
