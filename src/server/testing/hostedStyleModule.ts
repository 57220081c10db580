/**
 * A module's database calls written the way the hosted platform's published SDK
 * makes them: `fetch` with a `Bearer` token, then `response.data.value` read
 * without a check. It is how existing hosted-platform modules talk to the API,
 * kept here unchanged as the test of `--envelope`.
 */
export function hostedStyleDb(baseUrl: string, token: string, id: string, fetchImpl: typeof fetch = fetch) {
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  return {
    async set(key: string, value: unknown): Promise<unknown> {
      const res = await fetchImpl(`${baseUrl}/me/database`, { method: 'PATCH', headers, body: JSON.stringify({ id, key, value }) });
      const response = await res.json();
      if (response.error) throw new Error(response.error.message);
      return response.data.value;
    },
    async get(key: string): Promise<unknown> {
      const res = await fetchImpl(`${baseUrl}/me/database?id=${encodeURIComponent(id)}&key=${encodeURIComponent(key)}`, { headers });
      const response = await res.json();
      if (response.error) throw new Error(response.error.message);
      return response.data.value;
    },
  };
}

/** A minimal module on top of it: counts visits in its own key and keeps a list of visitors. */
export async function visitCounter(db: ReturnType<typeof hostedStyleDb>, visitor: string): Promise<{ count: unknown; visitors: unknown }> {
  const before = await db.get('count').catch(() => 0);
  const count = await db.set('count', (before as number) + 1);
  const seen = ((await db.get('visitors').catch(() => [])) as string[]) ?? [];
  const visitors = await db.set('visitors', [...seen, visitor]);
  return { count, visitors };
}

/**
 * The hosted SDK's `live.events()` as its modules call it: `GET /me/live/events?start=`
 * with a `Bearer` token, then `response.data` read without a check: `{"<type>": [payloads, newest first]}`.
 */
export function hostedStyleLive(baseUrl: string, token: string, fetchImpl: typeof fetch = fetch) {
  return {
    async events(start = 0): Promise<Record<string, Record<string, unknown>[]>> {
      const res = await fetchImpl(`${baseUrl}/me/live/events?start=${start}`, { headers: { Authorization: `Bearer ${token}` } });
      const response = await res.json();
      if (response.error) throw new Error(response.error.message);
      return response.data;
    },
  };
}
