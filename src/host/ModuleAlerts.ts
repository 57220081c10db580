import type { AlertStart, AlertsSwitches, Clock } from '../api/index.ts';

interface Shown {
  start: AlertStart;
  /** Told to the module's current connection. */
  sent: boolean;
  timer: unknown;
  finish: () => void;
}

type Send = (name: 'alert' | 'alertAbort' | 'alerts', data: unknown) => void;

/**
 * The alerts one module is showing (docs/alerts-queue.md, "What the page does"). An
 * alert waits for the module to be ready (a page starting, a module restarting), and
 * is over when the module says so, when its `alertSeconds` pass, when the streamer
 * skips it, or when the module's page goes away while it shows. The module can only
 * end alerts it was given: answers for any other number are ignored.
 */
export class ModuleAlerts {
  private readonly shown = new Map<number, Shown>();
  private send: Send | null = null;
  private switches: AlertsSwitches | null = null;

  /** `marks()`: the data attributes of the module's frame, where the alert it shows is mirrored (see `mark`). */
  constructor(
    private readonly clock: Clock,
    private readonly marks: () => Record<string, string | undefined> | undefined = () => undefined,
  ) {}

  /** Shows `start` to the module; resolves when it is over for this module. Never rejects. */
  present(start: AlertStart, seconds: number, signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const entry: Shown = { start, sent: false, timer: null, finish: () => {} };
      const onAbort = () => {
        if (entry.sent) this.send?.('alertAbort', { n: start.n });
        entry.finish();
      };
      entry.finish = () => {
        if (this.shown.get(start.n) !== entry) return;
        this.shown.delete(start.n);
        this.clock.clearTimeout(entry.timer);
        signal.removeEventListener('abort', onAbort);
        if (entry.sent) this.mark(start.event.id, false);
        resolve();
      };
      entry.timer = this.clock.setTimeout(entry.finish, seconds * 1000);
      signal.addEventListener('abort', onAbort);
      this.shown.set(start.n, entry);
      this.deliver(entry);
    });
  }

  /** The module's answer: `showing: false` (not its alert) or done (`showing` undefined) end it; `true` keeps it. */
  answer(n: number, showing?: boolean): void {
    if (showing !== true) this.shown.get(n)?.finish();
  }

  /** The streamer's pause and mute (`Overlay.on('alerts')`): now if the module is ready, else once it is. */
  setSwitches(switches: AlertsSwitches): void {
    if (this.switches?.paused === switches.paused && this.switches.muted === switches.muted) return;
    this.switches = switches;
    this.send?.('alerts', switches);
  }

  /** The module is ready: the switches and the alerts waiting for it go out now. */
  open(send: Send): void {
    this.send = send;
    if (this.switches) send('alerts', this.switches);
    for (const entry of this.shown.values()) this.deliver(entry);
  }

  /** The module's page went away: what it was showing is over; what it never got waits for the next page. */
  close(): void {
    this.send = null;
    for (const entry of [...this.shown.values()]) if (entry.sent) entry.finish();
  }

  /** The module is gone for good: nothing waits for it. */
  stop(): void {
    this.send = null;
    for (const entry of [...this.shown.values()]) entry.finish();
  }

  private deliver(entry: Shown): void {
    if (!this.send || entry.sent) return;
    entry.sent = true;
    this.send('alert', entry.start);
    this.mark(entry.start.event.id, true);
  }

  /**
   * Mirrors the module's alert on its frame (docs/alerts-queue.md, "Testing an alert module"): `data-alert`
   * the event id of the alert it shows (empty when none), `data-alerts-done` the ids of its last 20 finished ones.
   */
  private mark(eventId: string, showing: boolean): void {
    const data = this.marks();
    if (!data) return;
    data.alert = showing ? eventId : '';
    if (!showing) data.alertsDone = `${data.alertsDone ?? ''} ${eventId}`.trim().split(' ').slice(-20).join(' ');
  }
}
