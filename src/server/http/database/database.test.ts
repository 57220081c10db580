import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../testing/useTestServer.ts';

const api = useTestServer();

const RAID = 'de.example.tool.raid';
const GOAL = 'de.example.tool.goal';

describe('PATCH then GET /me/database', () => {
  it('answers 200 echoing id, key and value, and reads the value back', async () => {
    const written = await api.write('tool-1001', RAID, 'count', 3);
    expect(written.status).toBe(200);
    expect(written.body).toEqual({ id: RAID, key: 'count', value: 3 });
    const read = await api.read('tool-1001', RAID, 'count');
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toMatch(/^application\/json/);
    expect(read.body).toEqual({ id: RAID, key: 'count', value: 3 });
  });

  it('last write wins, and writing the same value twice is harmless', async () => {
    await api.write('tool-1001', RAID, 'lww', 'first');
    await api.write('tool-1001', RAID, 'lww', 'second');
    expect((await api.write('tool-1001', RAID, 'lww', 'second')).status).toBe(200);
    expect((await api.read('tool-1001', RAID, 'lww')).body).toEqual({ id: RAID, key: 'lww', value: 'second' });
  });

  it('ignores extra body members', async () => {
    const answer = await api.request('PATCH', '/me/database', {
      token: 'tool-1001',
      body: { id: RAID, key: 'extra', value: 1, note: 'ignored' },
    });
    expect(answer.body).toEqual({ id: RAID, key: 'extra', value: 1 });
  });
});

describe('key addressing', () => {
  it('writes another module with other:name, read back by it with a plain name', async () => {
    const written = await api.write('tool-1001', RAID, `${GOAL}:target`, 500);
    expect(written.body).toEqual({ id: RAID, key: `${GOAL}:target`, value: 500 });
    expect((await api.read('tool-1001', GOAL, 'target')).body).toEqual({ id: GOAL, key: 'target', value: 500 });
  });

  it('reads another module with other:name, echoing the key as sent', async () => {
    await api.write('tool-1001', GOAL, 'progress', 42);
    expect((await api.read('tool-1001', RAID, `${GOAL}:progress`)).body).toEqual({
      id: RAID,
      key: `${GOAL}:progress`,
      value: 42,
    });
  });

  it('addresses the own module with own:name exactly like name', async () => {
    await api.write('tool-1001', RAID, `${RAID}:self`, 'same');
    expect((await api.read('tool-1001', RAID, 'self')).body).toEqual({ id: RAID, key: 'self', value: 'same' });
  });

  it('splits at the first colon only: the name may contain colons', async () => {
    await api.write('tool-1001', RAID, `${GOAL}:a:b:c`, 'colons');
    expect((await api.read('tool-1001', GOAL, 'a:b:c')).status).toBe(404);
    expect((await api.read('tool-1001', RAID, `${GOAL}:a:b:c`)).body).toMatchObject({ value: 'colons' });
  });

  it('keeps modules apart: the same name in two modules is two values', async () => {
    await api.write('tool-1001', RAID, 'shared-name', 'raid');
    await api.write('tool-1001', GOAL, 'shared-name', 'goal');
    expect((await api.read('tool-1001', RAID, 'shared-name')).body).toMatchObject({ value: 'raid' });
    expect((await api.read('tool-1001', GOAL, 'shared-name')).body).toMatchObject({ value: 'goal' });
  });

  it('accepts names of 256 UTF-16 code units and any text', async () => {
    for (const name of ['n'.repeat(256), '🎉'.repeat(128), 'with space', 'ümlaut', '?&=#%']) {
      expect((await api.write('tool-1001', RAID, name, name)).status).toBe(200);
      expect((await api.read('tool-1001', RAID, name)).body).toEqual({ id: RAID, key: name, value: name });
    }
  });
});

describe('separation', () => {
  it('per overlay kind: two kinds of one user never see each other', async () => {
    await api.write('tool-1001', RAID, 'kind', 'tool');
    expect((await api.read('game-1001', RAID, 'kind')).status).toBe(404);
    await api.write('game-1001', RAID, 'kind', 'game');
    expect((await api.read('tool-1001', RAID, 'kind')).body).toMatchObject({ value: 'tool' });
    expect((await api.read('game-1001', RAID, 'kind')).body).toMatchObject({ value: 'game' });
    expect((await api.read('event-1001', RAID, 'kind')).status).toBe(404);
    expect((await api.read('background-1001', RAID, 'kind')).status).toBe(404);
  });

  it('per user: two users never see each other', async () => {
    await api.write('tool-1001', RAID, 'user', 'alice');
    expect((await api.read('tool-1002', RAID, 'user')).status).toBe(404);
    await api.write('tool-1002', RAID, 'user', 'bob');
    expect((await api.read('tool-1001', RAID, 'user')).body).toMatchObject({ value: 'alice' });
    expect((await api.read('tool-1002', RAID, 'user')).body).toMatchObject({ value: 'bob' });
  });

  it('an exchanged token shares the data space of its user and kind', async () => {
    await api.write('event-1002', RAID, 'exchanged', 'seed token');
    const { body } = await api.request('POST', '/auth/overlay', { body: { overlay: 'ov-event-1002' } });
    const token = (body as { token: string }).token;
    expect((await api.read(token, RAID, 'exchanged')).body).toMatchObject({ value: 'seed token' });
  });
});

describe('exact JSON round trip', () => {
  const values: Array<[string, unknown]> = [
    ['null', null],
    ['true', true],
    ['false', false],
    ['zero', 0],
    ['negative float', -12.375],
    ['large integer', Number.MAX_SAFE_INTEGER],
    ['tiny float', 5e-324],
    ['exponent', 1.7976931348623157e308],
    ['empty string', ''],
    ['unicode', 'Grüße 👋 日本語 \u0000 \u2028 "quotes" \\ backslash'],
    ['lone surrogate in a value', 'a\ud800b'],
    ['empty array', []],
    ['empty object', {}],
    ['array', [1, 'two', null, true, { three: [3] }]],
    ['object', { nested: { deeply: { list: [{ a: 1 }, { b: [null] }] } }, 'key with space': 1, '': 'empty key' }],
    ['__proto__ member', JSON.parse('{"__proto__":{"polluted":true},"constructor":1}')],
  ];
  for (const [name, value] of values) {
    it(name, async () => {
      const key = `rt-${name}`;
      expect((await api.write('tool-1001', RAID, key, value)).body).toEqual({ id: RAID, key, value });
      const read = await api.read('tool-1001', RAID, key);
      expect(read.body).toEqual({ id: RAID, key, value });
      expect(JSON.stringify((read.body as { value: unknown }).value)).toBe(JSON.stringify(value));
    });
  }
});

describe('concurrency', () => {
  it('keeps all of 200 concurrent writes to distinct keys', async () => {
    const keys = Array.from({ length: 200 }, (_, i) => `concurrent-${i}`);
    const writes = await Promise.all(keys.map((key, i) => api.write('tool-1002', GOAL, key, { i })));
    expect(writes.map((w) => w.status)).toEqual(keys.map(() => 200));
    const reads = await Promise.all(keys.map((key) => api.read('tool-1002', GOAL, key)));
    expect(reads.map((r) => r.body)).toEqual(keys.map((key, i) => ({ id: GOAL, key, value: { i } })));
  });
});
