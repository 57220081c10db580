import { signal } from '@preact/signals';
import { describe, expect, it } from 'vitest';
import type { Boxes, Kind } from '../../api/index.ts';
import type { LayoutCalls } from '../../client/index.ts';
import { type LayoutModule, LayoutEditorModel } from './LayoutEditorModel.ts';

const catalog: LayoutModule[] = [
  { id: 'demo.tool.counter', name: 'Counter', kind: 'tool', width: 400, height: 200, position: { x: 40, y: 40 } },
  { id: 'demo.tool.goal', name: 'Goal bar', kind: 'tool', width: 800, height: 100 },
  { id: 'demo.event.alerts', name: 'Alert box', kind: 'event', width: 1920, height: 1080 },
];
const selected = { game: '', tools: ['demo.tool.goal', 'demo.tool.counter', 'not.installed'], background: '', event: 'demo.event.alerts' };

/** An always-agreeing store of layouts by kind. */
function memoryClient() {
  const stored = new Map<Kind, Boxes>();
  const client: LayoutCalls = {
    get: async (kind) => ({ layout: { kind, width: 1920, height: 1080, boxes: stored.get(kind) ?? {} }, etag: null }),
    put: async (kind, boxes) => {
      stored.set(kind, boxes);
      return { ok: true, layout: { kind, width: 1920, height: 1080, boxes }, etag: null };
    },
  };
  return { stored, client };
}

async function editor() {
  const { stored, client } = memoryClient();
  const model = new LayoutEditorModel({ client, profile: signal({ selected }), catalog: signal(catalog) });
  model.layout.value;
  await new Promise((resolve) => setTimeout(resolve, 0));
  const [goal, counter] = model.modules.value as [LayoutModule, LayoutModule];
  return { model, stored, goal, counter };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('LayoutEditorModel', () => {
  it('lists the selected tools in stacking order, installed ones only', async () => {
    const { model } = await editor();
    expect(model.modules.value.map((module) => module.name)).toEqual(['Goal bar', 'Counter']);
    model.selectKind('event');
    expect(model.modules.value.map((module) => module.name)).toEqual(['Alert box']);
  });

  it('shows a module without a stored box in its default box', async () => {
    const { model, counter } = await editor();
    expect(model.boxOf(counter)).toEqual({ x: 40, y: 40, width: 400, height: 200 });
  });

  it('moves a box by arrow keys, 10 with Shift, and stores it', async () => {
    const { model, stored, counter } = await editor();
    expect(model.step(counter, 'ArrowRight', false)).toBe(true);
    expect(model.step(counter, 'ArrowDown', true)).toBe(true);
    expect(model.step(counter, 'a', false)).toBe(false);
    await settled();
    expect(stored.get('tool')).toEqual({ 'demo.tool.counter': { x: 41, y: 50, width: 400, height: 200 } });
  });

  it('sets a field; width and height follow each other with the design aspect', async () => {
    const { model, counter } = await editor();
    model.setField(counter, 'x', 700);
    model.setField(counter, 'width', 600);
    expect(model.boxOf(counter)).toEqual({ x: 700, y: 40, width: 600, height: 300 });
    model.setField(counter, 'height', 100);
    expect(model.boxOf(counter)).toEqual({ x: 700, y: 40, width: 200, height: 100 });
  });

  it('stores a drag only when it ends, and not at all when cancelled', async () => {
    const { model, stored, goal } = await editor();
    model.preview(goal, { x: 5, y: 6, width: 800, height: 100 }, []);
    expect(model.boxOf(goal)).toEqual({ x: 5, y: 6, width: 800, height: 100 });
    await settled();
    expect(stored.get('tool')).toBeUndefined();
    model.endPreview(false);
    expect(model.boxOf(goal)).toEqual({ x: 0, y: 0, width: 800, height: 100 });
    model.preview(goal, { x: 5, y: 6, width: 800, height: 100 }, []);
    model.endPreview(true);
    await settled();
    expect(stored.get('tool')).toEqual({ 'demo.tool.goal': { x: 5, y: 6, width: 800, height: 100 } });
  });

  it('drops the stored box on reset, and undoes the last change', async () => {
    const { model, stored, counter } = await editor();
    model.setField(counter, 'y', 500);
    model.reset(counter);
    await settled();
    expect(stored.get('tool')).toEqual({});
    expect(model.undo()).toBe(true);
    await settled();
    expect(model.boxOf(counter)).toEqual({ x: 40, y: 500, width: 400, height: 200 });
    expect(stored.get('tool')).toEqual({ 'demo.tool.counter': { x: 40, y: 500, width: 400, height: 200 } });
  });

  it('reads the layouts afresh when another user signs in', async () => {
    const { client } = memoryClient();
    const profile = signal<{ selected: typeof selected; user: { userId: string } } | null>({ selected, user: { userId: '1' } });
    const model = new LayoutEditorModel({ client, profile, catalog: signal(catalog) });
    const first = model.layout.value;
    profile.value = { selected, user: { userId: '1' } };
    expect(model.layout.value).toBe(first);
    profile.value = { selected, user: { userId: '2' } };
    expect(model.layout.value).not.toBe(first);
  });

  it('edits the focused box, forgotten when the kind changes', async () => {
    const { model, counter } = await editor();
    expect(model.current.value).toBeNull();
    model.focus(counter.id);
    expect(model.current.value?.name).toBe('Counter');
    model.selectKind('event');
    expect(model.current.value).toBeNull();
  });
});
