import { describe, expect, it } from 'vitest';
import { type ChannelLike, createQueueChannel, type QueueMessage } from './createQueueChannel.ts';

/** Two ends of one channel: what one posts, the other receives (cloned, a task later). */
function pair() {
  const wire: unknown[] = [];
  const ends: ChannelLike[] = [];
  const open = (): ChannelLike => {
    const end: ChannelLike = {
      onmessage: null,
      postMessage(message) {
        const data = structuredClone(message);
        wire.push(data);
        for (const other of ends) if (other !== end) setTimeout(() => other.onmessage?.({ data } as MessageEvent), 0);
      },
      close() {},
    };
    ends.push(end);
    return end;
  };
  return { wire, open };
}

const removed = (seq: number): QueueMessage => ({ t: 'removed', moduleId: 'mod.a', name: `k${seq}`, seq });

describe('createQueueChannel', () => {
  it('sends the messages of one turn as one post, and the other end receives each, in order', async () => {
    const { wire, open } = pair();
    const received: QueueMessage[] = [];
    const sender = createQueueChannel('q', () => {}, open);
    createQueueChannel('q', (message) => received.push(message), open);
    for (let seq = 1; seq <= 50; seq++) sender.post(removed(seq));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(wire).toHaveLength(1);
    expect(received).toEqual(Array.from({ length: 50 }, (_, i) => removed(i + 1)));
    // A lone message goes as itself.
    sender.post(removed(51));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(wire[1]).toEqual(removed(51));
    expect(received.at(-1)).toEqual(removed(51));
  });

  it('drops the malformed members of a batch and keeps the rest', async () => {
    const { open } = pair();
    const received: QueueMessage[] = [];
    createQueueChannel('q', (message) => received.push(message), open);
    const raw = open();
    raw.postMessage({ t: 'batch', messages: [removed(1), { t: 'removed', seq: 'x' }, 42, removed(2)] });
    raw.postMessage({ t: 'batch', messages: 'not a list' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(received).toEqual([removed(1), removed(2)]);
  });

  it('sends what is waiting when it closes', () => {
    const { wire, open } = pair();
    const sender = createQueueChannel('q', () => {}, open);
    sender.post(removed(1));
    sender.post(removed(2));
    sender.close();
    expect(wire).toEqual([{ t: 'batch', messages: [removed(1), removed(2)] }]);
  });
});
