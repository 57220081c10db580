/** The studio's address for an overlay id; `api` is left out when it is the page server's own. */
export function studioAddress(overlayId: string, api: string, origin: string): string {
  const params = new URLSearchParams({ overlay: overlayId });
  if (api.replace(/\/+$/, '') !== `${origin}/api`) params.set('api', api);
  return `/studio?${params}`;
}

/** The demo user's tool overlay id (not a secret: the dev server prints it), to prefill the address form. */
export const DEMO_TOOL_OVERLAY = 'demo-tool-wLQBEVlv5gu-1pHWj3D1F_gA';
