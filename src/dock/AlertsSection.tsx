import { useEffect, useId, useMemo, useRef, useState } from 'preact/hooks';
import { MessageLine } from '../forms/index.ts';
import type { OverlayController } from '../runtime/index.ts';
import { AlertsModel } from './AlertsModel.ts';

interface AlertsSectionProps {
  /** A running overlay start of the dock: its client sends the commands, its live channel brings the state. */
  controller: OverlayController;
}

/** The streamer's alert controls (docs/alerts.md): pause, mute, skip, clear, and what shows and waits. */
export function AlertsSection({ controller }: AlertsSectionProps) {
  const headingId = useId();
  const model = useMemo(() => new AlertsModel(controller.client), [controller]);
  // Back on the live channel after a loss, the dock takes the stored state from the connection's `ready`.
  useEffect(() => {
    void model.start(controller.layer.alerts);
    return () => model.stop();
  }, [model, controller]);
  if (model.absent.value) return null;
  const state = model.state.value;
  const paused = state?.paused ?? false;
  const muted = state?.muted ?? false;
  return (
    <section class="dock-alerts" aria-labelledby={headingId} data-testid="dock-alerts">
      <h2 id={headingId}>Alerts</h2>
      <p class="alerts-line" role="status" data-testid="alerts-line">
        {model.line.value}
      </p>
      <div class="alerts-controls">
        <button type="button" aria-pressed={paused} onClick={() => void model.command(paused ? 'resume' : 'pause')}>
          Pause alerts
        </button>
        <button type="button" aria-pressed={muted} onClick={() => void model.command(muted ? 'unmute' : 'mute')}>
          Mute alerts
        </button>
        <button type="button" onClick={() => void model.command('skip')}>
          Skip alert
        </button>
        <ClearButton waiting={state?.waiting ?? 0} clear={() => model.command('clear')} />
      </div>
      <MessageLine role="alert" class="alerts-problem" text={model.problem.value} />
    </section>
  );
}

/** `Clear waiting alerts` asks first, in the dock itself: OBS's docks may not show a browser's confirm dialog. */
function ClearButton({ waiting, clear }: { waiting: number; clear: () => Promise<void> }) {
  const [asking, setAsking] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) keep.current?.focus();
  }, [asking]);
  const close = () => {
    setAsking(false);
    opener.current?.focus();
  };
  return (
    <>
      <button type="button" ref={opener} aria-expanded={asking} onClick={() => setAsking(true)}>
        Clear waiting alerts
      </button>
      {asking && (
        <fieldset class="alerts-confirm" onKeyDown={(e) => e.key === 'Escape' && close()}>
          <legend>Drop the {waiting === 1 ? 'alert' : `${waiting} alerts`} waiting now, on every overlay?</legend>
          <button type="button" class="alerts-confirm-yes" onClick={() => void clear().then(close)}>
            Clear them
          </button>
          <button type="button" ref={keep} onClick={close}>
            Keep them
          </button>
        </fieldset>
      )}
    </>
  );
}
