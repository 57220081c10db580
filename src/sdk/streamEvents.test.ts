import { afterEach, describe, expect, it } from 'vitest';
import { EVENT_TYPE_PATTERN, type StreamEvent } from '../api/index.ts';
import { ManualClock } from '../client/testing/ManualClock.ts';
import { hostConnection } from '../host/testing/hostConnection.ts';
import { createOverlay } from './createOverlay.ts';
import { SDK_EVENT_TYPE_PATTERN } from './streamEventListeners.ts';

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const run of cleanup.splice(0)) run();
});

const record = (id: string, type: string): StreamEvent => ({
  id,
  at: 1,
  source: 'api',
  test: false,
  subscription: { type, version: '1' },
  event: { n: id },
});

/** A module page connected to a real host connection whose events.list answers from `history`. */
function connected(history = { events: [record('h1', 'channel.follow')], cursor: 'c1', gap: false }) {
  const clock = new ManualClock(0);
  let onWelcome: ((event: MessageEvent) => void) | undefined;
  const self = { addEventListener: (_: 'message', listener: (event: MessageEvent) => void) => (onWelcome = listener), removeEventListener: () => {} };
  const parent = { postMessage: () => {} };
  const overlay = createOverlay({ parent, self, instance: 'inst-1', timers: clock });
  const channel = new MessageChannel();
  const queries: unknown[] = [];
  const listEvents = async (query: object) => {
    queries.push(query);
    return history;
  };
  const connection = hostConnection({ port: channel.port1, moduleId: 'mod.a', listEvents });
  cleanup.push(() => connection.close(), () => channel.port2.close());
  onWelcome?.({ source: parent, data: { v: 1, k: 'welcome', instance: 'inst-1', heartbeatMs: 5000 }, ports: [channel.port2] } as never);
  return { overlay, connection, queries, clock };
}

describe('Overlay stream events', () => {
  it('keeps its type pattern equal to the API one', () => {
    expect(SDK_EVENT_TYPE_PATTERN.source).toBe(EVENT_TYPE_PATTERN.source);
  });

  it('hands every record to on("event") and to the listeners of its type, in order', async () => {
    const { overlay, connection } = connected();
    const all: string[] = [];
    const raids: string[] = [];
    overlay.on('event', (e) => all.push(e.id));
    const stop = overlay.on('channel.raid', (e) => raids.push(e.id));
    const done = new Promise<void>((resolve) => overlay.on('custom.done', () => resolve()));
    connection.send('event', [record('1', 'channel.raid'), record('2', 'channel.cheer'), record('3', 'channel.raid')]);
    connection.send('event', [record('4', 'custom.done')]);
    await done;
    expect(all).toEqual(['1', '2', '3', '4']);
    expect(raids).toEqual(['1', '3']);
    stop();
    const again = new Promise<void>((resolve) => overlay.on('custom.done', () => resolve()));
    connection.send('event', [record('5', 'channel.raid'), record('6', 'custom.done')]);
    await again;
    expect(raids).toEqual(['1', '3']);
  });

  it("on('chat') hears the channel.chat.message records, as the hosted SDK's SLIVE.on('chat'), and nothing else", async () => {
    const { overlay, connection } = connected();
    const chats: string[] = [];
    overlay.on('chat', (e) => chats.push(e.id));
    const done = new Promise<void>((resolve) => overlay.on('custom.done', () => resolve()));
    connection.send('event', [record('1', 'channel.chat.message'), record('2', 'channel.raid'), record('3', 'custom.chat'), record('4', 'channel.chat.message')]);
    connection.send('event', [record('5', 'custom.done')]);
    await done;
    expect(chats).toEqual(['1', '4']);
  });

  it('refuses names that are neither a known event nor a type', () => {
    const { overlay } = connected();
    expect(() => overlay.on('Channel.Raid' as never, () => {})).toThrow('unknown event "Channel.Raid"');
    expect(() => overlay.on('raid' as never, () => {})).toThrow('unknown event "raid"');
  });

  it('lists history through the host, passing only the given members', async () => {
    const { overlay, queries } = connected();
    expect(await overlay.events.list()).toEqual({ events: [record('h1', 'channel.follow')], cursor: 'c1', gap: false });
    await overlay.events.list({ after: 'c0', limit: 10 });
    expect(queries).toEqual([{}, { after: 'c0', limit: 10 }]);
    const refused = await overlay.events.list({ limit: 5000 }).catch((error) => error.code);
    expect(refused).toBe('BAD_REQUEST');
  });
});
