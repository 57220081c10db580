import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEventSubSession, type EventSubSession } from './createEventSubSession.ts';
import { SUBSCRIBED_TYPES } from './eventSubTypes.ts';
import { EVENTSUB_EXAMPLES } from './testing/eventSubExamples.ts';
import { type FakeTwitch, startFakeTwitch } from './testing/fakeTwitch.ts';
import { createTestEventStore } from './testing/memoryEventStore.ts';
import { connectToFake } from './testing/twitchTestKit.ts';

let fake: FakeTwitch;
let session: EventSubSession | undefined;
beforeEach(async () => {
  fake = await startFakeTwitch({ keepaliveSeconds: 1 });
});
afterEach(async () => {
  session?.stop();
  await fake.stop();
});

async function start(options: { onLoginNeeded?: (userId: string) => void } = {}) {
  const { apiClient, credentials } = await connectToFake(fake, '42', options);
  const events = createTestEventStore();
  const log: string[] = [];
  const changes: string[] = [];
  session = createEventSubSession({ userId: '42', twitchUserId: '1337', apiClient, events, log: (line) => log.push(line), onStreamChange: () => changes.push('change') });
  await vi.waitFor(() => expect(fake.subscriptions.size).toBe(SUBSCRIBED_TYPES.length), { timeout: 5000 });
  return { events, log, changes, credentials };
}

describe('createEventSubSession against the fake Twitch', () => {
  it('subscribes to every type at its version over the WebSocket session', async () => {
    await start();
    const subscribed = [...fake.subscriptions.values()].map((s) => `${s.type} v${s.version} ${s.transport.method}`).sort();
    expect(subscribed).toEqual(SUBSCRIBED_TYPES.map((t) => `${t.type} v${t.version} websocket`).sort());
    const follow = [...fake.subscriptions.values()].find((s) => s.type === 'channel.follow');
    expect(follow?.condition).toEqual({ broadcaster_user_id: '1337', moderator_user_id: '1337' });
    const raid = [...fake.subscriptions.values()].find((s) => s.type === 'channel.raid');
    expect(raid?.condition).toEqual({ to_broadcaster_user_id: '1337' });
  });

  it('stores each notification as received: message id, type, version, event unchanged', async () => {
    const { events, changes } = await start();
    const ids = SUBSCRIBED_TYPES.map((t) => fake.notify(t.type, EVENTSUB_EXAMPLES[t.type]));
    await vi.waitFor(() => expect(events.records('42')).toHaveLength(SUBSCRIBED_TYPES.length));
    const stored = events.records('42');
    expect(stored.map((r) => r.id)).toEqual(ids);
    for (const [index, kind] of SUBSCRIBED_TYPES.entries()) {
      expect(stored[index]).toMatchObject({ source: 'twitch', subscription: { type: kind.type, version: kind.version }, event: EVENTSUB_EXAMPLES[kind.type] });
    }
    expect(changes).toHaveLength(3);
  });

  it('stores a repeated message id once', async () => {
    const { events } = await start();
    fake.notify('channel.cheer', EVENTSUB_EXAMPLES['channel.cheer'], 'same-id');
    fake.notify('channel.cheer', EVENTSUB_EXAMPLES['channel.cheer'], 'same-id');
    fake.notify('channel.raid', EVENTSUB_EXAMPLES['channel.raid']);
    await vi.waitFor(() => expect(events.records('42').map((r) => r.subscription.type)).toEqual(['channel.cheer', 'channel.raid']));
  });

  it('follows session_reconnect to the new URL without losing or doubling an event', async () => {
    const { events } = await start();
    fake.notify('channel.follow', EVENTSUB_EXAMPLES['channel.follow']);
    const before = fake.socket.connections.length;
    fake.socket.reconnect();
    await vi.waitFor(() => expect(fake.socket.connections.length).toBe(before + 1));
    expect(fake.socket.connections.at(-1)).toBe(fake.socket.connections.at(-2));
    fake.notify('channel.cheer', EVENTSUB_EXAMPLES['channel.cheer']);
    await vi.waitFor(() => expect(events.records('42').map((r) => r.subscription.type)).toEqual(['channel.follow', 'channel.cheer']));
    // The session moved with its subscriptions: nothing subscribed twice.
    expect(fake.requests.filter((r) => r === 'POST /eventsub/subscriptions')).toHaveLength(SUBSCRIBED_TYPES.length);
  });

  it('reconnects and subscribes again after keepalive silence', async () => {
    const { events } = await start();
    const first = fake.socket.connections.at(-1);
    fake.socket.silence();
    await vi.waitFor(() => expect(fake.socket.connections.at(-1)).not.toBe(first), { timeout: 10_000 });
    await vi.waitFor(() => expect([...fake.subscriptions.values()].filter((s) => s.transport.session_id === fake.socket.connections.at(-1))).toHaveLength(SUBSCRIBED_TYPES.length), { timeout: 5000 });
    fake.notify('channel.raid', EVENTSUB_EXAMPLES['channel.raid']);
    await vi.waitFor(() => expect(events.records('42')).toHaveLength(1));
  }, 20_000);

  it('names a close code in words, reconnects and subscribes again', async () => {
    const { events, log } = await start();
    const first = fake.socket.connections.at(-1);
    fake.socket.close(4003);
    await vi.waitFor(() => expect(log.some((line) => line.includes('EventSub connection lost (4003 connection unused); reconnecting'))).toBe(true));
    await vi.waitFor(() => expect(fake.socket.connections.at(-1)).not.toBe(first), { timeout: 10_000 });
    await vi.waitFor(() => expect(fake.subscriptions.size).toBe(SUBSCRIBED_TYPES.length), { timeout: 5000 });
    fake.notify('channel.follow', EVENTSUB_EXAMPLES['channel.follow']);
    await vi.waitFor(() => expect(events.records('42')).toHaveLength(1));
  }, 20_000);

  it('says once that a revoked subscription stopped, and keeps the others', async () => {
    const { events, log } = await start();
    fake.revoke('channel.cheer');
    await vi.waitFor(() => expect(log.filter((l) => l.includes('channel.cheer subscription revoked'))).toHaveLength(1));
    fake.notify('channel.raid', EVENTSUB_EXAMPLES['channel.raid']);
    await vi.waitFor(() => expect(events.records('42')).toHaveLength(1));
  });

  it('ignores unknown message types and malformed text, and goes on', async () => {
    const { events, log } = await start();
    fake.socket.sendRaw('{not json');
    fake.socket.sendRaw(JSON.stringify({ payload: {} }));
    fake.socket.sendRaw(JSON.stringify({ metadata: { message_id: 'x', message_type: 'surprise', message_timestamp: new Date().toISOString() }, payload: {} }));
    fake.notify('channel.raid', EVENTSUB_EXAMPLES['channel.raid']);
    await vi.waitFor(() => expect(events.records('42')).toHaveLength(1));
    expect(log.filter((l) => l.includes('malformed EventSub message ignored'))).toHaveLength(2);
  });

  it('refreshes the token after a 401 and subscribes with the new one', async () => {
    const { credentials } = await start();
    const before = await credentials.get('42');
    fake.auth.expireAccessTokens();
    fake.socket.close(4000);
    await vi.waitFor(() => expect(fake.auth.counts.refreshes).toBeGreaterThan(0), { timeout: 10_000 });
    await vi.waitFor(() => expect(fake.subscriptions.size).toBe(SUBSCRIBED_TYPES.length), { timeout: 10_000 });
    const after = await credentials.get('42');
    expect(after?.accessToken).not.toBe(before?.accessToken);
    expect(after?.state).toBe('ok');
  }, 20_000);

  it('marks the user "log in again" once when the refresh is refused', async () => {
    const needed: string[] = [];
    const { credentials } = await start({ onLoginNeeded: (userId) => needed.push(userId) });
    fake.auth.expireAccessTokens();
    fake.auth.refuseRefreshes();
    fake.socket.close(4000);
    await vi.waitFor(async () => expect((await credentials.get('42'))?.state).toBe('login-needed'), { timeout: 10_000 });
    expect(needed).toEqual(['42']);
  }, 20_000);
});
