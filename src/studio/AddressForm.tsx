import { DEMO_TOOL_OVERLAY, studioAddress } from './studioAddress.ts';

export interface AddressFormProps {
  address: { error: string | null; overlay: string | null; api: string | null };
}

/** Asks for an overlay id (and the API) when the studio's address names none, or the start failed. */
export function AddressForm({ address }: AddressFormProps) {
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget as HTMLFormElement);
    const overlay = String(data.get('overlay') ?? '').trim();
    if (overlay) location.assign(studioAddress(overlay, String(data.get('api') ?? ''), location.origin));
  };
  return (
    <form class="address-form panel" data-testid="address-form" aria-label="Overlay to open" onSubmit={onSubmit}>
      <label>
        Overlay id
        <input name="overlay" defaultValue={address.overlay ?? DEMO_TOOL_OVERLAY} required />
      </label>
      <label>
        API
        <input name="api" type="url" defaultValue={address.api ?? `${location.origin}/api`} required />
      </label>
      <button type="submit">Open</button>
      <p class="hint">
        An overlay id is a value of <code>profile.overlays</code>; <code>npm run dev</code> prints the demo user's.
        {address.error && <span data-testid="address-error"> ({address.error})</span>}
      </p>
    </form>
  );
}
