import { type Kind, KINDS } from '../../api/index.ts';
import { useFocusAfterAsk } from '../useFocusAfterAsk.ts';
import { SecretField, type SecretModel, SecretNote } from '../secrets/index.ts';

const TITLES: Record<Kind, string> = { game: 'Game', tool: 'Tool', background: 'Background', event: 'Event' };

interface OverlaysSectionProps {
  overlays: Record<Kind, SecretModel>;
}

/** Per kind: the overlay's address for an OBS browser source, to show, copy or replace. */
export function OverlaysSection({ overlays }: OverlaysSectionProps) {
  return (
    <div class="home-cards">
      <p class="home-hint">Paste an address into an OBS browser source of 1920x1080. Anyone with an address sees that overlay: keep it off stream.</p>
      {KINDS.map((kind) => (
        <OverlayGroup key={kind} title={`${TITLES[kind]} overlay`} model={overlays[kind]} />
      ))}
    </div>
  );
}

function OverlayGroup({ title, model }: { title: string; model: SecretModel }) {
  const confirming = model.confirming.value;
  // Keyboard users land on the choice that appears, and back on `New address` once it is made.
  const focusAfter = useFocusAfterAsk(confirming);
  return (
    <fieldset class="home-card">
      <legend>{title}</legend>
      <SecretField model={model} label={`${title} address`} showLabel="Show address">
        {!confirming && (
          <button ref={focusAfter} type="button" disabled={model.value.value === null} onClick={() => (model.confirming.value = true)}>
            New address
          </button>
        )}
      </SecretField>
      {confirming && (
        <div class="home-confirm">
          <p>The old address stops working at once: every browser source with it goes blank until it gets the new one.</p>
          <div class="home-row">
            <button ref={focusAfter} type="button" class="danger" onClick={() => void model.renew('New address made. The old one no longer works.')}>
              Make a new address
            </button>
            <button type="button" onClick={() => (model.confirming.value = false)}>
              Cancel
            </button>
          </div>
        </div>
      )}
      <SecretNote model={model} />
    </fieldset>
  );
}
