import { describe, expect, it } from 'vitest';
import type { ModuleEntry, StreamEvent } from '../api/index.ts';
import { entry, setup } from './testing/hubFixture.ts';
import { collect, replyTo, until } from './testing/portHelpers.ts';

const RAID: StreamEvent = { id: 'r1', at: 1, source: 'api', test: false, subscription: { type: 'channel.raid', version: '1' }, event: { viewers: 9 } };
const alertModule = (id: string, alertSeconds?: number): ModuleEntry => ({ ...entry(id), alerts: true, ...(alertSeconds && { alertSeconds }) });

/** Connects `id` and says `ready`, as the SDK does; returns its port and what arrives on it. */
async function connect(hello: ReturnType<typeof setup>['hello'], id: string, session = 'session-1') {
  const port = hello(id, session)!.port;
  const seen = collect(port);
  const reply = replyTo(port, 1);
  port.postMessage({ v: 1, k: 'req', id: 1, m: 'ready', p: {} });
  await reply;
  let next = 2;
  const call = async (m: string, p: unknown) => {
    const id = next++;
    const answer = replyTo(port, id);
    port.postMessage({ v: 1, k: 'req', id, m, p });
    return answer;
  };
  const starts = () => seen.filter((m) => m.k === 'evt' && m.n === 'alert').map((m) => m.d as { n: number; event: StreamEvent; muted: boolean });
  return { port, seen, call, starts };
}

/** Tracks whether a promise has settled. */
function watch(promise: Promise<unknown>) {
  const state = { settled: false };
  void promise.then(() => {
    state.settled = true;
  });
  return state;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('BridgeHub alerts', () => {
  it('shows an alert to every alert module only, and is over when each said done', async () => {
    const { hub, hello } = setup();
    hub.mount(alertModule('mod.a'));
    hub.mount(alertModule('mod.b'));
    hub.mount(entry('mod.plain'));
    const a = await connect(hello, 'mod.a');
    const b = await connect(hello, 'mod.b');
    const plain = await connect(hello, 'mod.plain');
    const over = watch(hub.presentAlert({ event: RAID, muted: true }, new AbortController().signal));
    await until(() => a.starts().length === 1 && b.starts().length === 1);
    expect(a.starts()[0]).toMatchObject({ event: { id: 'r1' }, muted: true });
    const n = a.starts()[0]!.n;
    await a.call('alert.result', { n, showing: false });
    await b.call('alert.result', { n, showing: true });
    await tick();
    expect(over.settled).toBe(false);
    await b.call('alert.done', { n });
    await until(() => over.settled);
    expect(plain.seen.some((m) => m.n === 'alert')).toBe(false);
  });

  it("marks the alert a module shows on its frame, and keeps the ids of the ones it finished", async () => {
    const { hub, hello, frames } = setup();
    hub.mount(alertModule('mod.a'));
    const a = await connect(hello, 'mod.a');
    const marks = frames.live('mod.a')[0]!.dataset!;
    const over = watch(hub.presentAlert({ event: RAID, muted: false }, new AbortController().signal));
    await until(() => a.starts().length === 1);
    expect(marks.alert).toBe('r1');
    await a.call('alert.done', { n: a.starts()[0]!.n });
    await until(() => over.settled);
    expect(marks).toMatchObject({ alert: '', alertsDone: 'r1' });
    const second = watch(hub.presentAlert({ event: { ...RAID, id: 'r2' }, muted: false }, new AbortController().signal));
    await until(() => a.starts().length === 2);
    await a.call('alert.done', { n: a.starts()[1]!.n });
    await until(() => second.settled);
    expect(marks).toMatchObject({ alert: '', alertsDone: 'r1 r2' });
  });

  it('waits for a module that is not ready yet, then hands it the alert', async () => {
    const { hub, hello } = setup();
    hub.mount(alertModule('mod.a'));
    const over = watch(hub.presentAlert({ event: RAID, muted: false }, new AbortController().signal));
    await tick();
    const a = await connect(hello, 'mod.a');
    await until(() => a.starts().length === 1);
    await a.call('alert.done', { n: a.starts()[0]!.n });
    await until(() => over.settled);
  });

  it('a module that never answers is done after its alertSeconds; done() for alerts it never got changes nothing', async () => {
    const { hub, hello, clock } = setup();
    hub.mount(alertModule('mod.slow', 5));
    hub.mount(alertModule('mod.liar'));
    const slow = await connect(hello, 'mod.slow');
    const liar = await connect(hello, 'mod.liar');
    const over = watch(hub.presentAlert({ event: RAID, muted: false }, new AbortController().signal));
    await until(() => slow.starts().length === 1 && liar.starts().length === 1);
    const n = slow.starts()[0]!.n;
    // The liar ends the slow module's alert, and numbers it was never given: nothing ends early.
    for (const other of [n + 1, n + 2, 0]) expect(await liar.call('alert.done', { n: other })).toMatchObject({ ok: true });
    expect(await liar.call('alert.done', { n: 'x' })).toMatchObject({ ok: false, e: { code: 'BAD_REQUEST' } });
    await liar.call('alert.done', { n });
    clock.advance(4999);
    await tick();
    expect(over.settled).toBe(false);
    clock.advance(1);
    await until(() => over.settled);
  });

  it('a skip aborts the alert in every module that has it and ends it at once', async () => {
    const { hub, hello } = setup();
    hub.mount(alertModule('mod.a'));
    const a = await connect(hello, 'mod.a');
    const skip = new AbortController();
    const over = watch(hub.presentAlert({ event: RAID, muted: false }, skip.signal));
    await until(() => a.starts().length === 1);
    skip.abort();
    await until(() => over.settled);
    await until(() => a.seen.some((m) => m.n === 'alertAbort'));
    expect(a.seen.find((m) => m.n === 'alertAbort')?.d).toEqual({ n: a.starts()[0]!.n });
  });

  it('a module whose page goes away mid-alert counts as done; one unmounted too', async () => {
    const { hub, hello } = setup();
    hub.mount(alertModule('mod.a'));
    hub.mount(alertModule('mod.b'));
    await connect(hello, 'mod.a');
    const b = await connect(hello, 'mod.b');
    const over = watch(hub.presentAlert({ event: RAID, muted: false }, new AbortController().signal));
    await until(() => b.starts().length === 1);
    hub.reload('mod.a');
    await tick();
    expect(over.settled).toBe(false);
    hub.unmount('mod.b');
    await until(() => over.settled);
  });

  it('tells alert modules the switches now, again after a restart, and with the first alert of one mounted later', async () => {
    const { hub, hello, clock } = setup();
    hub.mount(alertModule('mod.a'));
    hub.mount(entry('mod.plain'));
    const a = await connect(hello, 'mod.a');
    const plain = await connect(hello, 'mod.plain');
    hub.setAlertSwitches({ paused: true, muted: false });
    await until(() => a.seen.some((m) => m.n === 'alerts'));
    hub.reload('mod.a');
    clock.advance(1000);
    const again = await connect(hello, 'mod.a', 'session-2');
    await until(() => again.seen.some((m) => m.n === 'alerts'));
    hub.mount(alertModule('mod.late'));
    const late = await connect(hello, 'mod.late');
    void hub.presentAlert({ event: RAID, muted: false }, new AbortController().signal);
    await until(() => late.starts().length === 1);
    const told = late.seen.filter((m) => m.n === 'alerts' || m.n === 'alert').map((m) => m.n);
    expect(told).toEqual(['alerts', 'alert']);
    expect(late.seen.find((m) => m.n === 'alerts')?.d).toEqual({ paused: true, muted: false });
    expect(plain.seen.some((m) => m.n === 'alerts')).toBe(false);
  });
});
