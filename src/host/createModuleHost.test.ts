import { afterEach, describe, expect, it } from 'vitest';
import type { ModuleEntry } from '../api/index.ts';
import { createModuleHost, type ModuleHost } from './createModuleHost.ts';
import { FakeDocument, type FakeElement } from './testing/FakeDom.ts';
import { FakeModuleData } from './testing/FakeModuleData.ts';
import { ManualClock } from '../client/testing/ManualClock.ts';

const entry: ModuleEntry = { id: 'mod.a', name: 'A', kind: 'tool', width: 1000, height: 500, url: '/modules/mod.a/index.html' };
const hosts: ModuleHost[] = [];
afterEach(() => {
  for (const host of hosts.splice(0)) host.destroy();
});

function setup() {
  const document = new FakeDocument();
  const container = document.createElement('div');
  const host = createModuleHost({
    container: container as unknown as HTMLElement,
    data: new FakeModuleData(),
    kind: 'tool',
    getProfile: async () => ({}) as never,
    clock: new ManualClock(0),
    randomId: () => 'abc123',
  });
  hosts.push(host);
  const layer = () => container.children[0] as FakeElement;
  const canvas = () => layer().children[0] as FakeElement;
  const iframe = (index = 0) => canvas().children[index] as FakeElement;
  return { document, container, host, layer, canvas, iframe, window: document.defaultView };
}

describe('createModuleHost (DOM part)', () => {
  it('creates a sandboxed, referrer-less frame with the instance in the fragment only', () => {
    const { host, iframe } = setup();
    host.mount(entry);
    const frame = iframe();
    expect(Object.fromEntries(frame.attributes)).toMatchObject({ sandbox: 'allow-scripts', referrerpolicy: 'no-referrer', allow: '' });
    expect(frame.src).toBe('http://127.0.0.1:5173/modules/mod.a/index.html#instance=abc123');
    expect(frame.src).not.toContain('token');
    expect(frame.dataset.moduleId).toBe('mod.a');
    expect(frame.style).toMatchObject({ width: '1000px', height: '500px', background: 'transparent' });
  });

  it('scales the 1920x1080 canvas to fit its layer when the window resizes; a frame sits in its default box', () => {
    const { host, iframe, canvas, layer, window } = setup();
    host.mount({ ...entry, position: { x: 20, y: 30 } });
    layer().clientWidth = 960;
    layer().clientHeight = 960;
    window.dispatch('resize');
    expect(canvas().style).toMatchObject({ width: '1920px', height: '1080px', transform: 'translate(0px, 210px) scale(0.5)' });
    expect(iframe().style.transform).toBe('translate(20px, 30px) scale(1)');
  });

  it('moves a frame to its stored box, scaled from its design size with the aspect kept, without a new frame', () => {
    const { host, iframe, canvas } = setup();
    host.mount(entry);
    const frame = iframe();
    host.arrange({ 'mod.a': { x: 100, y: 50, width: 500, height: 500 } });
    expect(canvas().children).toEqual([frame]);
    expect(frame.style.transform).toBe('translate(100px, 175px) scale(0.5)');
    expect(frame.style).toMatchObject({ width: '1000px', height: '500px' });
    host.arrange({});
    expect(frame.style.transform).toBe('translate(0px, 0px) scale(1)');
  });

  it('stacks the frames in the order of sync, the last on top, and restacks them when the order changes', () => {
    const { host, iframe } = setup();
    const other: ModuleEntry = { ...entry, id: 'mod.b', url: '/modules/mod.b/index.html' };
    host.sync([other, entry]);
    expect([iframe(0).dataset.moduleId, iframe(0).style.zIndex, iframe(1).dataset.moduleId, iframe(1).style.zIndex]).toEqual(['mod.b', '1', 'mod.a', '2']);
    host.sync([entry, other]);
    expect([iframe(0).style.zIndex, iframe(1).style.zIndex]).toEqual(['2', '1']);
  });

  it('welcomes a hello from the frame window with an opaque origin, posting to "*" with the port', () => {
    const { host, iframe, window } = setup();
    host.mount(entry);
    const frameWindow = iframe().contentWindow!;
    const hello = { v: 1, k: 'hello', instance: 'abc123', session: 's' };
    window.dispatch('message', { origin: 'http://evil.example', source: frameWindow, data: hello });
    expect(frameWindow.posted).toEqual([]);
    window.dispatch('message', { origin: 'null', source: frameWindow, data: hello });
    expect(frameWindow.posted).toHaveLength(1);
    const [{ message, options }] = frameWindow.posted as [{ message: unknown; options: { targetOrigin: string; transfer: MessagePort[] } }];
    expect(message).toEqual({ v: 1, k: 'welcome', instance: 'abc123', heartbeatMs: 5000 });
    expect(options.targetOrigin).toBe('*');
    expect(options.transfer).toHaveLength(1);
    options.transfer[0]!.close();
    expect(host.states()).toEqual([{ id: 'mod.a', phase: 'ready', lastError: null, restarts: 0 }]);
  });

  it('tells a connected module its box (`layout`) once welcomed and after each move', async () => {
    const { host, iframe, window } = setup();
    host.mount(entry);
    const frameWindow = iframe().contentWindow!;
    window.dispatch('message', { origin: 'null', source: frameWindow, data: { v: 1, k: 'hello', instance: 'abc123', session: 's' } });
    const [{ options }] = frameWindow.posted as [{ message: unknown; options: { transfer: MessagePort[] } }];
    const port = options.transfer[0]!;
    const layouts: unknown[] = [];
    port.onmessage = (event) => {
      if (event.data.n === 'layout') layouts.push(event.data.d);
    };
    host.arrange({ 'mod.a': { x: 10, y: 20, width: 300, height: 150 } });
    await expect.poll(() => layouts).toEqual([
      { x: 0, y: 0, width: 1000, height: 500 },
      { x: 10, y: 20, width: 300, height: 150 },
    ]);
    port.close();
  });

  it('removes its layer and stops listening on destroy', () => {
    const { host, container, window } = setup();
    host.mount(entry);
    host.destroy();
    expect(container.children).toEqual([]);
    expect(window.listeners.get('message')?.size).toBe(0);
  });

  it('checks its options up front', () => {
    const { container } = setup();
    const options = { container: container as unknown as HTMLElement, data: new FakeModuleData(), getProfile: async () => ({}) as never };
    expect(() => createModuleHost({ ...options, kind: 'widget' as never })).toThrow('kind');
    expect(() => createModuleHost({ ...options, kind: 'tool', limits: { maxInFlight: 0 } })).toThrow('limits.maxInFlight');
    expect(container.children).toHaveLength(1);
  });
});
