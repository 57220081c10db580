import type { ChannelLike } from '../tabs/index.ts';

/** BroadcastChannels between the "tabs" of a test: delivered to the others, cloned, asynchronously. */
export class ChannelHub {
  private readonly members = new Set<{ name: string; channel: ChannelLike }>();
  /** Every message posted, in order; the messages of a batch each on their own. */
  readonly posted: unknown[] = [];

  readonly open = (name: string): ChannelLike => {
    const channel: ChannelLike = {
      onmessage: null,
      postMessage: (message) => {
        const data = structuredClone(message);
        const batch = data as { t?: unknown; messages?: unknown[] };
        if (batch.t === 'batch' && Array.isArray(batch.messages)) this.posted.push(...batch.messages);
        else this.posted.push(data);
        for (const other of this.members) {
          if (other.name === name && other.channel !== channel) {
            setTimeout(() => other.channel.onmessage?.({ data } as MessageEvent), 0);
          }
        }
      },
      close: () => {
        for (const member of this.members) if (member.channel === channel) this.members.delete(member);
      },
    };
    this.members.add({ name, channel });
    return channel;
  };
}
