import { signal } from '@preact/signals';
import { describe, expect, it } from 'vitest';
import type { WebsiteSessionInfo } from '../../api/index.ts';
import { sampleProfile } from '../../api/testing/sampleProfile.ts';
import { HomeSession } from '../HomeSession.ts';
import { SessionsModel } from './SessionsModel.ts';
import { memoryOf } from '../testing/profileServer.ts';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const AT = '2026-11-26T12:00:00.000Z';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

function info(id: string, address: string | null, current = false): WebsiteSessionInfo {
  return { id, createdAt: AT, address, userAgent: CHROME, lastUsedAt: AT, expiresAt: AT, current };
}

/** The sessions routes on the server side of a fake fetch; `deleteStatus` answers DELETE instead when set. */
function setup(start: WebsiteSessionInfo[] | 'no route', options: { deleteStatus?: number; root?: unknown } = {}) {
  const server = { sessions: start === 'no route' ? [] : start, asked: [] as string[], deleteStatus: options.deleteStatus, refused: false };
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const path = new URL(String(input)).pathname;
    const key = `${init?.method ?? 'GET'} ${path}`;
    server.asked.push(key);
    if (server.refused && key !== 'GET /') return json({ code: 'UNAUTHORIZED', message: 'Invalid token' }, 401);
    if (key === 'GET /') return json(options.root ?? {});
    if (key === 'GET /me') return json(sampleProfile());
    if (start !== 'no route' && key === 'GET /me/sessions') return json({ sessions: server.sessions });
    if (start !== 'no route' && key.startsWith('DELETE /me/sessions/')) {
      if (server.deleteStatus) return json({ code: 'X', message: `failed with ${server.deleteStatus}` }, server.deleteStatus);
      const id = decodeURIComponent(path.split('/').pop()!);
      if (!server.sessions.some((session) => session.id === id)) return json({ code: 'NOT_FOUND', message: 'Not found' }, 404);
      server.sessions = server.sessions.filter((session) => session.id !== id);
      return new Response(null, { status: 204 });
    }
    return json({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  }) as typeof globalThis.fetch;
  const memory = memoryOf('web-1');
  const session = new HomeSession({ apiBase: 'https://api.example', memory, catalog: signal([]), fetch });
  const model = new SessionsModel({ session, now: () => Date.parse(AT) });
  return { server, session, memory, model };
}

describe('SessionsModel', () => {
  it('lists the sessions, this tab marked, the fixed-token note not needed', async () => {
    const { model } = setup([info('s1', '127.0.0.1', true), info('s2', '203.0.113.7')]);
    expect(model.sessions.value).toBeNull();
    await model.load();
    expect(model.sessions.value?.map((session) => session.id)).toEqual(['s1', 's2']);
    expect(model.currentListed.value).toBe(true);
    expect(model.absent.value).toBe(false);
    expect(model.error.value).toBeNull();
  });

  it('revokes another session: DELETE, then it is off the list and the status says which', async () => {
    const { model, server } = setup([info('s1', '127.0.0.1', true), info('s 2', '203.0.113.7')]);
    await model.load();
    await model.revoke('s 2');
    expect(server.asked).toContain('DELETE /me/sessions/s%202');
    expect(server.sessions.map((session) => session.id)).toEqual(['s1']);
    expect(model.sessions.value?.map((session) => session.id)).toEqual(['s1']);
    expect(model.notice.value).toBe('Revoked the session from 203.0.113.7 (Chrome on Linux).');
    expect(model.pending.value.size).toBe(0);
  });

  it('a session gone meanwhile (404) leaves the list without an error', async () => {
    const { model, server } = setup([info('s1', null), info('s2', null)]);
    await model.load();
    server.sessions = [info('s1', null)];
    await model.revoke('s2');
    expect(model.sessions.value?.map((session) => session.id)).toEqual(['s1']);
    expect(model.failures.value).toEqual({});
    expect(model.notice.value).toBe('Revoked the session from an unknown address (Chrome on Linux).');
  });

  it('a failed revocation keeps the session and says why next to it, until it works', async () => {
    const { model, server } = setup([info('s1', '127.0.0.1'), info('s2', '127.0.0.2')], { deleteStatus: 503 });
    await model.load();
    await model.revoke('s2');
    expect(model.sessions.value).toHaveLength(2);
    expect(model.failures.value).toEqual({ s2: 'Not revoked: failed with 503.' });
    server.deleteStatus = undefined;
    await model.revoke('s2');
    expect(model.failures.value).toEqual({});
    expect(model.sessions.value).toHaveLength(1);
  });

  it('a token fixed by the seed or data folder is not listed: currentListed false, with or without other sessions', async () => {
    for (const list of [[], [info('s1', '127.0.0.1')]]) {
      const { model } = setup(list);
      await model.load();
      expect(model.sessions.value).toEqual(list);
      expect(model.currentListed.value).toBe(false);
      expect(model.absent.value).toBe(false);
    }
  });

  it('a server without the route is absent: asked only when its root does not say (then 404), never an error', async () => {
    const withoutRoute = setup('no route', { root: { endpoints: [{ method: 'GET', path: '/me' }] } });
    await withoutRoute.session.readRoot();
    await withoutRoute.model.load();
    expect(withoutRoute.model.absent.value).toBe(true);
    expect(withoutRoute.server.asked).toEqual(['GET /']);
    const silent = setup('no route');
    await silent.model.load();
    expect(silent.model.absent.value).toBe(true);
    expect(silent.model.sessions.value).toEqual([]);
    expect(silent.model.error.value).toBeNull();
  });

  it('a token refused meanwhile (401) signs the page out with the reason', async () => {
    const { model, session, server, memory } = setup([info('s1', '127.0.0.1', true)]);
    await session.reload();
    server.refused = true;
    await model.load();
    expect(session.phase.value).toBe('signed-out');
    expect(session.error.value).toMatch(/refused \(Invalid token\)/);
    expect(memory.token).toBeUndefined();
  });

  it('says when the list cannot be read (an odd answer)', async () => {
    const { model, server } = setup([]);
    server.sessions = [{ id: 1 } as never];
    await model.load();
    expect(model.error.value).toBe('The sessions could not be read: the API answered with an unexpected shape.');
  });
});
