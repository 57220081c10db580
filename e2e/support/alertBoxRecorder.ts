// What the demo alert box (modules/demo.event.alerts) showed, recorded in its frame: its specs compare whole alerts.
import type { ModuleFrame } from './ModuleFrame.ts';

export interface Shown {
  type: string;
  who: string;
  detail: string;
  message: string;
  test: boolean;
  missed: boolean;
}

/**
 * Records, in the module's frame, each alert as it comes on screen. An alert is
 * on screen for a few seconds only: on a loaded machine a test that looked at
 * the screen one line at a time could see the next alert by its third look.
 * An alert just like the one before it is recorded once.
 */
export function recordAlerts() {
  const shown: Shown[] = [];
  (window as unknown as { shownAlerts: Shown[] }).shownAlerts = shown;
  document.addEventListener('DOMContentLoaded', () => {
    const alert = document.querySelector<HTMLElement>('[data-testid="alert"]');
    if (!alert) return;
    const text = (id: string) => alert.querySelector(`[data-testid="${id}"]`)?.textContent ?? '';
    new MutationObserver(() => {
      if (alert.dataset.state !== 'showing') return;
      const now: Shown = {
        type: alert.dataset.type ?? '',
        who: text('alert-who'),
        detail: text('alert-detail'),
        message: text('alert-message'),
        test: !alert.querySelector<HTMLElement>('[data-testid="alert-test"]')!.hidden,
        missed: alert.dataset.missed === 'true',
      };
      if (JSON.stringify(now) !== JSON.stringify(shown.at(-1))) shown.push(now);
    }).observe(alert, { attributes: true, childList: true, subtree: true, characterData: true });
  });
}

/** The alerts the frame has shown so far, oldest first. */
export async function shownAlerts(alerts: ModuleFrame): Promise<Shown[]> {
  const frame = (await (await alerts.iframe.elementHandle())!.contentFrame())!;
  return frame.evaluate(() => (window as unknown as { shownAlerts: Shown[] }).shownAlerts);
}

/** Records, in every frame, the audio contexts made, the sources started and the highest gain asked for. */
export function recordAudio() {
  const log = { contexts: [] as AudioContext[], started: 0, loudest: 0 };
  (window as unknown as { audioLog: typeof log }).audioLog = log;
  const Original = window.AudioContext;
  if (!Original) return;
  window.AudioContext = class extends Original {
    constructor(options?: AudioContextOptions) {
      super(options);
      log.contexts.push(this);
    }
  };
  // A buffer source (a sound file) has a start of its own; an oscillator (the chime) inherits its base's.
  for (const prototype of [AudioScheduledSourceNode.prototype, AudioBufferSourceNode.prototype]) {
    const start = prototype.start;
    prototype.start = function (this: AudioScheduledSourceNode, ...args: [number?]) {
      log.started += 1;
      return start.apply(this, args);
    };
  }
  for (const name of ['setValueAtTime', 'linearRampToValueAtTime', 'exponentialRampToValueAtTime'] as const) {
    const set = AudioParam.prototype[name];
    AudioParam.prototype[name] = function (value: number, time: number) {
      if (this.defaultValue === 1) log.loudest = Math.max(log.loudest, value); // a gain (a frequency's default is 440)
      return set.call(this, value, time);
    };
  }
}
