export interface PlainPatchOptions {
  apiBase: string;
  moduleId: string;
  prefix: string;
  count: number;
  token: string;
}

/**
 * The drain's baseline: the same PATCH requests the queue sends (same headers,
 * body and fetch options as createApiClient), one at a time, nothing stored
 * locally. Returns the total time in ms.
 */
export async function plainPatches({ apiBase, moduleId, prefix, count, token }: PlainPatchOptions): Promise<number> {
  const headers = { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: `Bearer ${token}` };
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const body = JSON.stringify({ id: moduleId, key: `${prefix}${i}`, value: { i, prefix } });
    const response = await fetch(`${apiBase}/me/database`, {
      method: 'PATCH',
      headers,
      body,
      referrerPolicy: 'no-referrer',
      credentials: 'omit',
    });
    JSON.parse(await response.text());
    if (!response.ok) throw new Error(`PATCH answered ${response.status}`);
  }
  return performance.now() - start;
}
