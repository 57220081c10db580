import type { AlertMember, QueuedAlert } from './AlertQueue.ts';

/** This page's side of an alert: hands it to the page's modules and says when they are done. */
export interface AlertPresenter {
  start(seq: number, alert: QueuedAlert): void;
  /** Aborts the signal of alert `seq` if this page shows it. */
  abort(seq: number): void;
  /** The alert this page shows now, or null. */
  current(): number | null;
  /** The alert this page finished last, or null. */
  lastDone(): number | null;
  /** Aborts what shows; nothing is reported any more. */
  stop(): void;
}

export function createAlertPresenter(member: AlertMember, onDone: (seq: number) => void): AlertPresenter {
  let showing: { seq: number; controller: AbortController } | null = null;
  let stopped = false;
  let finished: number | null = null;

  async function present(seq: number, alert: QueuedAlert, signal: AbortSignal): Promise<void> {
    try {
      await member.present(alert, signal);
    } catch {
      // A page whose modules failed is done with the alert: the queue goes on.
    }
    if (showing?.seq === seq) showing = null;
    finished = seq;
    if (!stopped) onDone(seq);
  }

  return {
    start(seq, alert) {
      if (stopped || showing?.seq === seq) return;
      const controller = new AbortController();
      showing = { seq, controller };
      void present(seq, alert, controller.signal);
    },
    abort(seq) {
      if (showing?.seq === seq) showing.controller.abort();
    },
    current: () => showing?.seq ?? null,
    lastDone: () => finished,
    stop() {
      stopped = true;
      showing?.controller.abort();
      showing = null;
    },
  };
}
