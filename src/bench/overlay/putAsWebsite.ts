import { DEMO_TOKENS } from '../../server/index.ts';

/** A PUT with the demo user's website token, as the home page sends it; resolves once answered 2xx. */
export async function putAsWebsite(apiUrl: string, path: string, body: unknown): Promise<Response> {
  const response = await fetch(`${apiUrl}${path}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${DEMO_TOKENS.website}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`PUT ${path} answered ${response.status}`);
  return response;
}
