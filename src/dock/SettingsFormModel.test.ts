import { describe, expect, it } from 'vitest';
import { SettingsSchema } from '../api/index.ts';
import { FakeModuleData } from '../host/testing/FakeModuleData.ts';
import { SettingsFormModel } from './SettingsFormModel.ts';

const settings = SettingsSchema.parse({
  title: { type: 'text', label: 'Goal title', default: 'Sub goal', maxLength: 10 },
  goal: { type: 'number', label: 'Target', default: 100, min: 1, max: 1000 },
  percent: { type: 'boolean', label: 'Show percent', default: true },
  color: { type: 'color', label: 'Bar colour', default: '#7c3aed' },
});

function form() {
  const data = new FakeModuleData();
  const model = new SettingsFormModel({ entry: { id: 'demo.goal', settings }, data, log: () => {} });
  const writes = () => data.calls.filter((call) => call.op === 'set').map(({ ownId, key, value }) => ({ ownId, key, value }));
  return { data, model, writes, field: (name: string) => model.field(name)! };
}

describe('SettingsFormModel', () => {
  it('shows stored values, and defaults for the rest and for refused ones', async () => {
    const { data, model, field } = form();
    data.values.set('demo.goal/title', 'Bits');
    data.values.set('demo.goal/goal', 5000);
    await model.load();
    expect([field('title').shown.value, field('goal').shown.value, field('percent').shown.value]).toEqual(['Bits', '100', true]);
    expect(data.calls.every((call) => call.ownId === 'dock')).toBe(true);
  });

  it('writes an accepted value as the dock, addressing the module key, with its JSON type', () => {
    const { field, writes } = form();
    field('goal').input('250');
    field('percent').input(false);
    field('color').input('#00FF00');
    expect(writes()).toEqual([
      { ownId: 'dock', key: 'demo.goal:goal', value: 250 },
      { ownId: 'dock', key: 'demo.goal:percent', value: false },
      { ownId: 'dock', key: 'demo.goal:color', value: '#00ff00' },
    ]);
  });

  it('never writes a refused value, and says why until it is fixed', () => {
    const { field, writes } = form();
    const goal = field('goal');
    goal.focus();
    goal.input('0');
    goal.blur();
    expect(goal.error.value).toBe('must be at least 1');
    expect(goal.shown.value).toBe('0');
    field('title').input('much too long');
    expect(writes()).toEqual([]);
    goal.focus();
    goal.input('12');
    expect(goal.error.value).toBeNull();
    expect(writes()).toEqual([{ ownId: 'dock', key: 'demo.goal:goal', value: 12 }]);
  });

  it('shows a change made elsewhere at once, but not over a control being edited', async () => {
    const { data, field } = form();
    await data.set('other.writer', 'demo.goal:title', 'From chat');
    expect(field('title').shown.value).toBe('From chat');
    const goal = field('goal');
    goal.focus();
    goal.input('30');
    await data.set('other.writer', 'demo.goal:goal', 40);
    expect(goal.shown.value).toBe('30');
    goal.blur();
    expect(goal.shown.value).toBe('40');
  });

  it('resets a setting to its default', () => {
    const { field, writes } = form();
    field('title').input('Bits');
    expect(field('title').isDefault.value).toBe(false);
    field('title').reset();
    expect(field('title').isDefault.value).toBe(true);
    expect(writes().at(-1)).toEqual({ ownId: 'dock', key: 'demo.goal:title', value: 'Sub goal' });
  });

  it('drops a read answered after a newer value: it is older', async () => {
    const { data, model, field, writes } = form();
    let answer: (value: string) => void = () => {};
    data.get = async (_ownId, key) => (key.endsWith(':title') ? new Promise((resolve) => (answer = resolve)) : undefined);
    const loading = model.load();
    void model.load(); // a second call while the read is under way reads nothing more
    field('title').input('New');
    answer('Old');
    await loading;
    expect(field('title').shown.value).toBe('New');
    expect(writes().at(-1)).toEqual({ ownId: 'dock', key: 'demo.goal:title', value: 'New' });
  });
});
