/** The 403 text for a website token sent from a module frame or panel. */
export const OPAQUE_WEBSITE_TOKEN = 'Forbidden - a website token is not accepted from an opaque origin (Origin: null), which module frames and panels have';

/** The token of a `Bearer <token>` header (scheme case-insensitive); `undefined` when there is none. */
export function bearerToken(header: string | null): string | undefined {
  const match = /^bearer(?:[ \t]+(.*))?$/i.exec(header?.trim() ?? '');
  const token = match?.[1]?.trim();
  return token ? token : undefined;
}

/** The 403 of every endpoint but `POST /me/events`, the alert controls (and `GET /auth/validate`) for the profile's Stream Deck token. */
export const STREAMDECK_FORBIDDEN =
  'Forbidden - the Stream Deck token may only post events (POST /me/events) and drive alerts (GET /me/alerts, POST /me/alerts/<command>); use a website or overlay token here';
