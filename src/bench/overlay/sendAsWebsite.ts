import { DEMO_TOKENS } from '../../server/index.ts';

/**
 * A request with the demo user's website token, as the home page and the dock
 * send them (a JSON body when there is one); resolves once answered 2xx.
 */
export async function sendAsWebsite(method: 'POST' | 'PUT', apiUrl: string, path: string, body?: unknown): Promise<Response> {
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${DEMO_TOKENS.website}`, ...(body !== undefined && { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
  return response;
}
