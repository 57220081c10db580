import { signal } from '@preact/signals';
import { describe, expect, it } from 'vitest';
import { sampleProfile } from '../../api/testing/sampleProfile.ts';
import { HomeSession } from '../HomeSession.ts';
import { overlayAddress, overlaySecrets, streamDeckCurl, streamDeckSecret } from './secrets.ts';
import { memoryOf } from '../testing/profileServer.ts';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ETag: '"v9"' } });

/** A profile with rotations: the new secrets go into the profile the next GET /me reads. */
function rotatingServer() {
  let profile = sampleProfile();
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`;
    if (key === 'GET /me') return json(profile);
    if (key === 'POST /me/overlays/tool/rotate') {
      profile = { ...profile, overlays: { ...profile.overlays, tool: 'ot-new' } };
      return json({ kind: 'tool', overlay: 'ot-new' });
    }
    if (key === 'POST /me/streamdeck/rotate') return json({ code: 'UNAVAILABLE', message: 'store down' }, 503);
    return json({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  }) as typeof globalThis.fetch;
  return new HomeSession({ apiBase: 'https://api.example', memory: memoryOf('web-1'), catalog: signal([]), fetch });
}

describe('secrets', () => {
  it('an overlay address is the overlay page with overlay=, and api= only for another API than the site\'s /api', () => {
    expect(overlayAddress('https://site.example/', 'https://site.example/api', 'ot')).toBe('https://site.example/?overlay=ot');
    expect(overlayAddress('http://127.0.0.1:5173/', 'http://127.0.0.1:8787', 'ot')).toBe('http://127.0.0.1:5173/?overlay=ot&api=http%3A%2F%2F127.0.0.1%3A8787');
  });

  it('a new overlay address replaces the shown one; a failed rotation keeps the old secret and says so', async () => {
    const session = rotatingServer();
    await session.reload();
    const overlays = overlaySecrets(session, 'https://site.example/');
    expect(overlays.tool.value.value).toBe('https://site.example/?overlay=ot&api=https%3A%2F%2Fapi.example');
    expect(overlays.tool.shown.value).toBe(false);
    await overlays.tool.renew('done');
    expect(overlays.tool.value.value).toBe('https://site.example/?overlay=ot-new&api=https%3A%2F%2Fapi.example');
    expect(overlays.tool.note.value).toBe('done');
    const deck = streamDeckSecret(session);
    await deck.renew('done');
    expect(deck.failed.value).toBe(true);
    expect(deck.note.value).toBe('Not renewed: store down. The old one still works; try again.');
    expect(deck.value.value).toBe('secret-deck');
  });

  it('the curl line posts a custom event with the token', () => {
    expect(streamDeckCurl('https://site.example/api', 'deck')).toBe(
      `curl -X POST https://site.example/api/me/events -H "Authorization: Bearer deck" -d '{"type":"custom.next-question","event":{}}'`,
    );
  });
});
