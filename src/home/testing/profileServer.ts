import { signal } from '@preact/signals';
import type { ModuleEntry, Profile } from '../../api/index.ts';
import { sampleProfile } from '../../api/testing/sampleProfile.ts';
import { HomeSession } from '../HomeSession.ts';
import type { TokenMemory } from '../TokenMemory.ts';

export interface ProfileServer {
  profile: Profile;
  version: number;
  /** Every request: method, path, If-Match and body. */
  asked: { method: string; path: string; ifMatch: string | null; body: unknown }[];
  /** Status of the next PUTs (then 200 again), e.g. [503] or [412]. */
  failNext: number[];
  fetch: typeof globalThis.fetch;
}

/** A stand-in for the profile routes in unit tests: GET /me and PUT /me/selected|favs with ETag and If-Match. */
export function profileServer(profile: Profile = sampleProfile()): ProfileServer {
  const server: ProfileServer = { profile, version: 1, asked: [], failNext: [], fetch: undefined as never };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ETag: `"v${server.version}"` } });
  server.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const path = new URL(String(input)).pathname;
    const ifMatch = new Headers(init?.headers).get('if-match');
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const method = init?.method ?? 'GET';
    server.asked.push({ method, path, ifMatch, body });
    if (method === 'GET' && path === '/me') return json(200, server.profile);
    const status = server.failNext.shift();
    if (status) return json(status, { code: 'X', message: `failed with ${status}` });
    if (ifMatch && ifMatch !== `"v${server.version}"`) return json(412, { code: 'PRECONDITION_FAILED', message: 'stale' });
    server.version += 1;
    if (path === '/me/selected') server.profile = { ...server.profile, selected: body };
    else if (path === '/me/favs') server.profile = { ...server.profile, favs: body };
    else return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    return json(200, server.profile);
  }) as typeof globalThis.fetch;
  return server;
}

/** A token memory in a variable. */
export function memoryOf(token?: string): TokenMemory & { token: string | undefined } {
  const memory = {
    token,
    read: () => memory.token,
    write: (next: string | undefined) => {
      memory.token = next;
    },
  };
  return memory;
}

/** A module entry of `kind` named after its id. */
export function entry(id: string, kind: ModuleEntry['kind'], name = id): ModuleEntry {
  return { id, kind, name, description: `About ${name}`, width: 100, height: 100, url: `/modules/${id}/` };
}

/** A signed-in session against `server`. */
export async function signedIn(server: ProfileServer, catalog: ModuleEntry[] = []): Promise<HomeSession> {
  const session = new HomeSession({ apiBase: 'https://api.example', memory: memoryOf(), catalog: signal(catalog), fetch: server.fetch });
  await session.signIn('web-1');
  return session;
}
