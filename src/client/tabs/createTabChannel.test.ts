import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { type ChannelLike, createTabChannel, type OpenChannel } from './createTabChannel.ts';

/** A message of the test's own protocol: the channel knows none but the schema it is given. */
const RemovedSchema = z.object({ t: z.literal('removed'), moduleId: z.string(), name: z.string(), seq: z.number() });
type Removed = z.infer<typeof RemovedSchema>;
const channel = (open: OpenChannel, onMessage: (message: Removed) => void = () => {}) =>
  createTabChannel<Removed>({ name: 'q', schema: RemovedSchema, onMessage, open });

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

const removed = (seq: number): Removed => ({ t: 'removed', moduleId: 'mod.a', name: `k${seq}`, seq });

describe('createTabChannel', () => {
  it('sends the messages of one turn as one post, and the other end receives each, in order', async () => {
    const { wire, open } = pair();
    const received: Removed[] = [];
    const sender = channel(open);
    channel(open, (message) => received.push(message));
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
    const received: Removed[] = [];
    channel(open, (message) => received.push(message));
    const raw = open();
    raw.postMessage({ t: 'batch', messages: [removed(1), { t: 'removed', seq: 'x' }, 42, removed(2)] });
    raw.postMessage({ t: 'batch', messages: 'not a list' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(received).toEqual([removed(1), removed(2)]);
  });

  it('sends what is waiting when it closes', () => {
    const { wire, open } = pair();
    const sender = channel(open);
    sender.post(removed(1));
    sender.post(removed(2));
    sender.close();
    expect(wire).toEqual([{ t: 'batch', messages: [removed(1), removed(2)] }]);
  });
});
