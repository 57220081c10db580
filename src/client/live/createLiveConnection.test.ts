import { describe, expect, it, vi } from 'vitest';
import { FakeSockets } from '../testing/FakeSockets.ts';
import { ManualClock } from '../testing/ManualClock.ts';
import { createLiveConnection, type LiveChange } from './createLiveConnection.ts';

function setup(token: string | undefined = 'tool-token') {
  const clock = new ManualClock();
  const sockets = new FakeSockets();
  const changes: LiveChange[] = [];
  const onResync = vi.fn();
  const reasons: (string | undefined)[] = [];
  const refused: string[] = [];
  const accepted = vi.fn();
  const news: unknown[] = [];
  const alerts: unknown[] = [];
  /** The connection's state as each alert message was handed on. */
  const alertStates: string[] = [];
  let current = token;
  const live = createLiveConnection({
    baseUrl: 'http://127.0.0.1:8787/api/',
    getToken: () => current,
    onChange: (change) => changes.push(change),
    onResync,
    openSocket: sockets.open,
    probe: sockets.probe,
    clock,
    random: () => 0.5,
    onFallback: (reason) => reasons.push(reason),
    onRefused: (reason) => refused.push(reason),
    onAccepted: accepted,
    news: (layout) => news.push(layout ?? 'profile'),
    alerts: (message) => {
      alerts.push(message);
      alertStates.push(live.state.peek());
    },
  });
  return { clock, sockets, changes, onResync, live, reasons, refused, accepted, news, alerts, alertStates, setToken: (next: string) => (current = next) };
}

const change = (cursor: string, value: number) => ({ type: 'change', cursor, moduleId: 'm.a', name: 'n', value, from: 'w.b' });

describe('live connection', () => {
  it('hands on profile and layout news; after a lost connection, its ready says to re-read both', () => {
    const { sockets, live, clock, news } = setup();
    live.start();
    sockets.last.open();
    sockets.last.message({ type: 'ready', cursor: 'c1' });
    expect(news).toEqual([]);
    const layout = { kind: 'tool', width: 1920, height: 1080, boxes: { 'm.a': { x: 1, y: 2, width: 30, height: 40 } } };
    sockets.last.message({ type: 'profile' });
    sockets.last.message({ type: 'layout', layout });
    // Not a layout: ignored.
    sockets.last.message({ type: 'layout', layout: { ...layout, boxes: { 'm.a': { x: 1 } } } });
    expect(news).toEqual(['profile', layout]);
    sockets.last.end(1006);
    clock.advance(clock.delays()[0]);
    sockets.last.open();
    sockets.last.message({ type: 'ready', cursor: 'c1' });
    expect(news).toEqual(['profile', layout, 'profile']);
  });

  it("hands on each ready's alert state as an alerts message, then the states and commands, well-formed ones only", () => {
    const { sockets, live, alerts, alertStates, clock } = setup();
    live.start();
    sockets.last.open();
    const stored = { state: { paused: false, muted: true, showing: null, waiting: 0 }, revision: { epoch: 'e1', n: 7 } };
    sockets.last.message({ type: 'ready', cursor: 'c1', alerts: stored });
    const state = { type: 'alerts', state: { paused: true, muted: false, showing: null, waiting: 3, held: 'paused' }, revision: { epoch: 'e1', n: 8 } };
    sockets.last.message(state);
    sockets.last.message({ type: 'alertCommand', command: 'skip', id: 'c-1' });
    sockets.last.message({ type: 'alertCommand', command: 'explode', id: 'c-2' });
    sockets.last.message({ type: 'alerts', state: { paused: 'yes' } });
    // A state without its revision is not one this page can order.
    sockets.last.message({ type: 'alerts', state: state.state });
    expect(alerts).toEqual([{ type: 'alerts', ...stored }, state, { type: 'alertCommand', command: 'skip', id: 'c-1' }]);
    // Handed on before the connection counted as live: whoever waits for `live` finds the state.
    expect(alertStates.slice(0, 2)).toEqual(['connecting', 'live']);
    // Back after a loss: the stored state again, from the new ready (an API without alert controls sends none).
    sockets.last.end(1006);
    clock.advance(clock.delays()[0]!);
    sockets.last.open();
    sockets.last.message({ type: 'ready', cursor: 'c2', alerts: { ...stored, revision: { epoch: 'e2', n: 1 } } });
    sockets.last.message({ type: 'ready', cursor: 'c3' });
    expect(alerts.slice(3)).toEqual([{ type: 'alerts', ...stored, revision: { epoch: 'e2', n: 1 } }]);
  });

  it('a 4401 close says the token was refused; woken with a new token, it resumes from its cursor', () => {
    const { sockets, live, clock, refused, accepted, setToken } = setup('old-token');
    live.start();
    sockets.last.open();
    sockets.last.message({ type: 'ready', cursor: 'c1' });
    expect(accepted).toHaveBeenCalledTimes(1);
    sockets.last.message(change('c2', 4));
    sockets.last.end(4401, 'Invalid token');
    expect(refused).toEqual(['Invalid token']);
    expect(live.state.value).toBe('connecting');
    // The renewal hands in a new token and wakes the connection, before the backoff ran out.
    setToken('new-token');
    live.wake();
    expect(sockets.all).toHaveLength(2);
    sockets.last.open();
    expect(sockets.last.sent).toEqual([{ type: 'auth', token: 'new-token', since: 'c2' }]);
    sockets.last.message({ type: 'ready', cursor: 'c2' });
    expect(live.state.value).toBe('live');
    expect(accepted).toHaveBeenCalledTimes(2);
    // Other closes are no refusal.
    sockets.last.end(1006);
    expect(refused).toEqual(['Invalid token']);
    clock.advance(clock.delays()[0]);
    expect(sockets.all).toHaveLength(3);
  });

  it('a 4401 for a token a renewal has replaced meanwhile is no refusal: the connection tries again with the new one', () => {
    const { sockets, live, clock, refused, setToken } = setup('old-token');
    live.start();
    sockets.last.open();
    sockets.last.message({ type: 'ready', cursor: 'c1' });
    sockets.last.end(1006);
    clock.advance(clock.delays()[0]);
    // This attempt still carries the old token; the renewal sets the new one before its answer.
    expect(sockets.all).toHaveLength(2);
    sockets.last.open();
    setToken('new-token');
    sockets.last.end(4401, 'Invalid token');
    expect(refused).toEqual([]);
    clock.advance(clock.delays()[0]);
    sockets.last.open();
    expect(sockets.last.sent).toEqual([{ type: 'auth', token: 'new-token', since: 'c1' }]);
  });

  it('sends the token in its first message, never in the address, and goes live on ready', () => {
    const { sockets, live } = setup();
    live.start();
    expect(sockets.last.url).toBe('ws://127.0.0.1:8787/api/me/database/changes');
    expect(live.state.value).toBe('connecting');
    sockets.last.open();
    expect(sockets.last.sent).toEqual([{ type: 'auth', token: 'tool-token' }]);
    sockets.last.message({ type: 'ready', cursor: 'c1' });
    expect(live.state.value).toBe('live');
  });

  it('hands on changes, re-reads after the first ready and on reset, ignores pings and junk', () => {
    const { sockets, live, changes, onResync } = setup();
    live.start();
    sockets.last.open();
    sockets.last.message({ type: 'ready', cursor: 'c1' });
    expect(onResync).toHaveBeenCalledTimes(1);
    sockets.last.message(change('c2', 4));
    sockets.last.message({ type: 'ping' });
    sockets.last.message('not json');
    sockets.last.message({ type: 'change', cursor: 'c3' });
    expect(changes).toEqual([{ moduleId: 'm.a', name: 'n', value: 4, from: 'w.b' }]);
    sockets.last.message({ type: 'reset', cursor: 'c9' });
    expect(onResync).toHaveBeenCalledTimes(2);
  });

  it('reconnects with jittered, capped backoff and resumes from its last cursor', () => {
    const { sockets, live, clock, onResync } = setup();
    live.start();
    sockets.last.open();
    sockets.last.message({ type: 'ready', cursor: 'c1' });
    sockets.last.message(change('c2', 4));
    sockets.last.end(1001);
    expect(live.state.value).toBe('connecting');
    expect(clock.delays()).toEqual([250]);
    clock.advance(250);
    expect(sockets.all).toHaveLength(2);
    sockets.last.open();
    expect(sockets.last.sent).toEqual([{ type: 'auth', token: 'tool-token', since: 'c2' }]);
    sockets.last.message({ type: 'ready', cursor: 'c5' });
    // A resumed connection needs no re-read; its cursor moves with the replay, not with `ready`.
    expect(onResync).toHaveBeenCalledTimes(1);
    sockets.last.message(change('c3', 5));
    sockets.last.end(1006);
    clock.advance(clock.delays()[0]);
    sockets.last.open();
    expect(sockets.last.sent).toEqual([{ type: 'auth', token: 'tool-token', since: 'c3' }]);
    for (let i = 0; i < 12; i++) {
      sockets.last.open();
      sockets.last.end(1013);
      clock.advance(clock.delays()[0]);
    }
    sockets.last.open();
    sockets.last.end(1013);
    expect(clock.delays()[0]).toBe(7500);
  });

  it('reconnects after 40 s without a word from the server', () => {
    const { sockets, live, clock } = setup();
    live.start();
    sockets.last.open();
    sockets.last.message({ type: 'ready', cursor: 'c1' });
    clock.advance(30_000);
    sockets.last.message({ type: 'ping' });
    clock.advance(39_999);
    expect(sockets.all).toHaveLength(1);
    clock.advance(1);
    expect(sockets.all[0].closed).not.toBeNull();
    expect(live.state.value).toBe('connecting');
    clock.advance(250);
    expect(sockets.all).toHaveLength(2);
  });

  it('falls back to polling when the endpoint answers 404, and asks again later', async () => {
    const { sockets, live, clock } = setup();
    sockets.probeStatus = 404;
    live.start();
    sockets.last.end(1006);
    await vi.waitFor(() => expect(live.state.value).toBe('polling'));
    expect(sockets.probes).toEqual(['http://127.0.0.1:8787/api/me/database/changes']);
    sockets.probeStatus = 426;
    clock.advance(60_000);
    sockets.last.open();
    sockets.last.message({ type: 'ready', cursor: 'c1' });
    expect(live.state.value).toBe('live');
  });

  it('keeps trying (not polling) when a failed socket is a network problem', async () => {
    const { sockets, live, clock } = setup();
    sockets.probeStatus = new TypeError('offline');
    live.start();
    sockets.last.end(1006);
    await vi.waitFor(() => expect(clock.pending()).toBe(1));
    expect(live.state.value).toBe('connecting');
    live.wake();
    expect(sockets.all).toHaveLength(2);
  });

  it('waits for a token, and stop closes the socket', () => {
    const { sockets, live, clock, setToken } = setup('');
    live.start();
    expect(sockets.all).toHaveLength(0);
    setToken('tool-token');
    clock.advance(250);
    expect(sockets.all).toHaveLength(1);
    live.stop();
    expect(sockets.last.closed).not.toBeNull();
    expect(clock.pending()).toBe(0);
  });

  it('4429 (too many connections): polls instead, says why, and tries the socket again later', () => {
    const { sockets, live, clock, reasons } = setup();
    live.start();
    sockets.last.open();
    sockets.last.end(4429, 'Too many live connections - at most 32 per user and overlay kind');
    expect(live.state.value).toBe('polling');
    expect(reasons).toEqual(['Too many live connections - at most 32 per user and overlay kind (4429): polling instead']);
    expect(sockets.probes).toEqual([]);
    clock.advance(60_000);
    expect(sockets.all).toHaveLength(2);
    sockets.last.open();
    sockets.last.message({ type: 'ready', cursor: 'c1' });
    expect(live.state.value).toBe('live');
    expect(reasons.at(-1)).toBeUndefined();
  });
});

describe('live connection, endpoint check', () => {
  it('tries the socket again when the check of the endpoint gets no answer (a server that accepts and never answers)', async () => {
    const clock = new ManualClock();
    const sockets = new FakeSockets();
    const probes: string[] = [];
    const live = createLiveConnection({
      baseUrl: 'http://127.0.0.1:8787/api/',
      getToken: () => 'tool-token',
      onChange: () => undefined,
      onResync: () => undefined,
      openSocket: sockets.open,
      // The GET is taken and never answered.
      probe: (url) => new Promise<number>(() => probes.push(url)),
      clock,
      random: () => 0.5,
      silenceMs: 40_000,
    });
    live.start();
    // The socket fails before it opens: the page asks whether the endpoint exists.
    sockets.last.end(1006);
    await vi.waitFor(() => expect(probes).toHaveLength(1));
    expect(live.state.value).toBe('connecting');
    // No answer within the silence time counts as no network: retry with backoff, as after any failed check.
    clock.advance(40_000);
    await vi.waitFor(() => expect(clock.delays()).toHaveLength(1));
    clock.advance(clock.delays()[0]);
    expect(sockets.all).toHaveLength(2);
    sockets.last.open();
    sockets.last.message({ type: 'ready', cursor: 'c1' });
    expect(live.state.value).toBe('live');
  });
});
