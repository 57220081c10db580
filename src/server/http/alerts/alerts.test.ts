import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_REPORT_TTL_MS, type AlertReport, type StreamEvent } from '../../../api/index.ts';
import { send, startTestServer } from '../../testing/apiTestClient.ts';
import { expectError } from '../../testing/expectError.ts';
import { connectLive, type LiveTestClient } from '../../testing/liveTestClient.ts';
import { TEST_ENVELOPE } from '../../testing/testEnvelope.ts';
import { TEST_SEED } from '../../testing/testSeed.ts';
import { startApiServer } from '../../startApiServer.ts';

let api: Awaited<ReturnType<typeof startTestServer>>;
let now = 1_764_288_000_000;
const clients: LiveTestClient[] = [];
beforeAll(async () => {
  api = await startTestServer({ now: () => now, live: { pingIntervalMs: 60_000 } });
});
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
  // Each test starts from the switches off.
  await Promise.all(['resume', 'unmute'].map((command) => api.request('POST', `/me/alerts/${command}`, { token: 'site-1001' })));
});
afterAll(() => api.server.close());

const live = async (token: string) => {
  const client = await connectLive(api.server.url);
  clients.push(client);
  expect(await client.auth(token)).toMatchObject({ type: 'ready' });
  return client;
};
const OFF = { paused: false, muted: false, showing: null, waiting: 0 };
const REVISION = { epoch: expect.stringMatching(/.+/), n: expect.any(Number) };
const RAID: StreamEvent = {
  id: 'evt-raid',
  at: now,
  source: 'api',
  test: false,
  subscription: { type: 'channel.raid', version: '1' },
  event: { from_broadcaster_user_name: 'Pabu_Master', viewers: 12 },
};

describe('GET /me/alerts and the state commands', () => {
  it('answers the stored switches to website, overlay and Stream Deck tokens; each state command answers 200 with the state', async () => {
    for (const token of ['site-1001', 'event-1001', 'deck-1001']) {
      const answer = await api.request('GET', '/me/alerts', { token });
      expect({ status: answer.status, body: answer.body }).toEqual({ status: 200, body: OFF });
    }
    const steps: [string, string, object][] = [
      ['pause', 'deck-1001', { paused: true, muted: false }],
      ['pause', 'site-1001', { paused: true, muted: false }],
      ['mute', 'tool-1001', { paused: true, muted: true }],
      ['toggle-pause', 'deck-1001', { paused: false, muted: true }],
      ['toggle-mute', 'deck-1001', { paused: false, muted: false }],
      ['toggle-mute', 'game-1001', { paused: false, muted: true }],
      ['unmute', 'site-1001', { paused: false, muted: false }],
      ['toggle-pause', 'site-1001', { paused: true, muted: false }],
      ['resume', 'deck-1001', { paused: false, muted: false }],
    ];
    for (const [command, token, switches] of steps) {
      const answer = await api.request('POST', `/me/alerts/${command}`, { token });
      expect({ command, status: answer.status, body: answer.body }).toEqual({ command, status: 200, body: { ...OFF, ...switches } });
    }
    await api.request('POST', '/me/alerts/pause', { token: 'site-1001' });
    expect((await api.request('GET', '/me/alerts', { token: 'event-1002' })).body).toEqual(OFF);
    expect((await api.request('GET', '/me/alerts', { token: 'event-1001' })).body).toMatchObject({ paused: true });
  });

  it('answers skip and clear with 202 and the state', async () => {
    for (const command of ['skip', 'clear']) {
      const answer = await api.request('POST', `/me/alerts/${command}`, { token: 'deck-1001' });
      expect({ status: answer.status, body: answer.body }).toEqual({ status: 202, body: OFF });
    }
  });

  it('refuses unknown commands (404), wrong methods (405 with Allow) and tokens that may not act (401, 403)', async () => {
    expectError(await api.request('POST', '/me/alerts/explode', { token: 'site-1001' }), 404, /no endpoint at "\/me\/alerts\/explode"/);
    expectError(await api.request('POST', '/me/alerts/pause/now', { token: 'site-1001' }), 404);
    const getCommand = await api.request('GET', '/me/alerts/pause', { token: 'site-1001' });
    expectError(getCommand, 405);
    expect(getCommand.headers.get('allow')).toBe('POST, OPTIONS');
    const postState = await api.request('POST', '/me/alerts', { token: 'site-1001' });
    expectError(postState, 405);
    expect(postState.headers.get('allow')).toBe('GET, OPTIONS');
    expect((await api.request('GET', '/me/alerts/report', { token: 'event-1001' })).status).toBe(405);
    expectError(await api.request('GET', '/me/alerts'), 401);
    expectError(await api.request('POST', '/me/alerts/skip', { token: 'no-such-token' }), 401);
    // A module found a website token: its frame's opaque origin gives it away.
    expectError(await api.request('POST', '/me/alerts/clear', { token: 'site-1001', headers: { Origin: 'null' } }), 403, /opaque origin/);
    expect((await api.request('GET', '/me/alerts', { token: 'site-1001' })).body).toEqual(OFF);
  });

  it('keeps the switches across a restart (SQLite)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'overlay-alerts-http-'));
    const start = () => startApiServer({ seed: TEST_SEED, store: `sqlite:${join(dir, 'data.sqlite')}`, envelope: TEST_ENVELOPE, log: () => {} });
    try {
      const first = await start();
      await send(first.url, 'POST', '/me/alerts/pause', { token: 'deck-1001' });
      await send(first.url, 'POST', '/me/alerts/toggle-mute', { token: 'site-1001' });
      await first.close();
      const second = await start();
      expect((await send(second.url, 'GET', '/me/alerts', { token: 'tool-1001' })).body).toEqual({ ...OFF, paused: true, muted: true });
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('POST /me/alerts/report', () => {
  const report: AlertReport = { showing: RAID, waiting: 3, held: 'hidden', dropped: 2 };

  it("keeps an overlay page's report (204) for every token's GET, until it is 60 s old", async () => {
    const answer = await api.request('POST', '/me/alerts/report', { token: 'event-1001', body: report });
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 204, body: undefined });
    for (const token of ['site-1001', 'deck-1001', 'tool-1001']) {
      expect((await api.request('GET', '/me/alerts', { token })).body).toEqual({ paused: false, muted: false, ...report });
    }
    now += ALERT_REPORT_TTL_MS - 1;
    expect((await api.request('GET', '/me/alerts', { token: 'site-1001' })).body).toMatchObject({ waiting: 3 });
    now += 1;
    expect((await api.request('GET', '/me/alerts', { token: 'site-1001' })).body).toEqual(OFF);
  });

  it('takes reports from overlay tokens only, and refuses a bad report with a clear 400 or 415', async () => {
    for (const token of ['site-1001', 'deck-1001']) expectError(await api.request('POST', '/me/alerts/report', { token, body: report }), 403);
    const bad = (body: unknown) => api.request('POST', '/me/alerts/report', { token: 'event-1001', body });
    expectError(await bad({ showing: null, waiting: -1 }), 400, /^Invalid report - waiting: /);
    expectError(await bad({ showing: { id: 'x' }, waiting: 0 }), 400, /^Invalid report - showing/);
    expectError(await bad({ showing: null, waiting: 0, held: 'asleep' }), 400, /^Invalid report - held/);
    expectError(await bad('[1]'), 400);
    expectError(await api.request('POST', '/me/alerts/report', { token: 'event-1001', body: '{}', headers: { 'Content-Type': 'text/plain' } }), 415);
    expect((await api.request('GET', '/me/alerts', { token: 'site-1001' })).body).toEqual(OFF);
  });
});

describe('the live channel', () => {
  it('tells every kind of the user the state after each state command and report; skip and clear as commands; nobody else', async () => {
    const sockets = await Promise.all(['game-1001', 'tool-1001', 'background-1001', 'event-1001'].map(live));
    const stranger = await live('event-1002');
    await api.request('POST', '/me/alerts/pause', { token: 'deck-1001' });
    for (const socket of sockets) expect(await socket.next()).toEqual({ type: 'alerts', state: { ...OFF, paused: true }, revision: REVISION });
    await api.request('POST', '/me/alerts/skip', { token: 'deck-1001' });
    const skip = await sockets[0]!.next();
    expect(skip).toEqual({ type: 'alertCommand', command: 'skip', id: expect.any(String) });
    for (const socket of sockets.slice(1)) expect(await socket.next()).toEqual(skip);
    await api.request('POST', '/me/alerts/clear', { token: 'site-1001' });
    const clear = await sockets[3]!.next();
    expect(clear).toMatchObject({ type: 'alertCommand', command: 'clear' });
    expect((clear as { id: string }).id).not.toBe((skip as { id: string }).id);
    await api.request('POST', '/me/alerts/report', { token: 'event-1001', body: { showing: null, waiting: 5, held: 'paused' } });
    expect(await sockets[2]!.next()).toEqual(expect.objectContaining({ type: 'alertCommand' }));
    expect(await sockets[2]!.next()).toEqual({ type: 'alerts', state: { ...OFF, paused: true, waiting: 5, held: 'paused' }, revision: REVISION });
    expect(stranger.pending()).toEqual([]);
  });

  it("every kind's ready carries the stored state and its revision, which the next state message counts on from", async () => {
    await api.request('POST', '/me/alerts/mute', { token: 'deck-1001' });
    const readies = await Promise.all(
      ['game-1001', 'tool-1001', 'background-1001', 'event-1001'].map(async (token) => {
        const client = await connectLive(api.server.url);
        clients.push(client);
        return { client, ready: await client.auth(token) };
      }),
    );
    const first = readies[0]!.ready as { alerts: { revision: { epoch: string; n: number } } };
    for (const { ready } of readies) expect(ready).toMatchObject({ type: 'ready', alerts: { state: { paused: false, muted: true }, revision: first.alerts.revision } });
    await api.request('POST', '/me/alerts/pause', { token: 'deck-1001' });
    const next = { ...first.alerts.revision, n: first.alerts.revision.n + 1 };
    for (const { client } of readies) expect(await client.next()).toMatchObject({ type: 'alerts', state: { paused: true, muted: true }, revision: next });
  });
});
