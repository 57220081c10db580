import { describe, expect, it } from 'vitest';
import { NetworkModel } from './NetworkModel.ts';

describe('NetworkModel', () => {
  it('fails requests like a dropped network while off, and says "online" to the page when back', async () => {
    const page = new EventTarget();
    let onlineEvents = 0;
    page.addEventListener('online', () => onlineEvents++);
    const network = new NetworkModel(async () => new Response('ok'), page);
    expect(await (await network.fetch('http://api/me')).text()).toBe('ok');
    network.setOnline(false);
    await expect(network.fetch('http://api/me')).rejects.toBeInstanceOf(TypeError);
    network.setOnline(true);
    expect(onlineEvents).toBe(1);
    expect((await network.fetch('http://api/me')).ok).toBe(true);
  });
});
