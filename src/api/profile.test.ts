import { describe, expect, it } from 'vitest';
import { FavsSchema, SelectedSchema, UserSchema } from './profile.ts';

const user = { userId: '42', userName: 'ada', streamerType: 'affiliate', registered: '2024-02-29T23:59:59.999Z', role: 'user', tier: 0 };
const registered = (text: string) => UserSchema.safeParse({ ...user, registered: text });

describe('UserSchema.registered', () => {
  it('takes a UTC datetime with milliseconds, as Date#toISOString writes it', () => {
    expect(registered(new Date(0).toISOString()).success).toBe(true);
    expect(registered(user.registered).success).toBe(true);
  });

  it('refuses other forms and out-of-range fields, naming the form', () => {
    for (const text of ['yesterday', '2024-01-31T12:00:00Z', '2024-01-31T12:00:00.000+00:00', '2024-13-01T00:00:00.000Z', '2024-01-32T00:00:00.000Z', '2024-01-31T24:00:00.000Z', '2024-01-31T12:60:00.000Z']) {
      const result = registered(text);
      expect(result.success, text).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/ISO datetime in UTC/);
    }
  });
});

describe('module slots and lists', () => {
  it('refuse __proto__, constructor and prototype, naming them, so no seed or dev write stores one', () => {
    const selected = { game: '', tools: ['demo.tool.goal'], background: '', event: '' };
    expect(SelectedSchema.safeParse(selected).success).toBe(true);
    for (const reserved of ['__proto__', 'constructor', 'prototype']) {
      const result = SelectedSchema.safeParse({ ...selected, tools: ['demo.tool.goal', reserved] });
      expect(result.error?.issues[0]).toMatchObject({ path: ['tools', 1], message: expect.stringMatching(/is reserved: __proto__, constructor and prototype are never module ids/) });
      expect(SelectedSchema.safeParse({ ...selected, game: reserved }).success).toBe(false);
      expect(FavsSchema.safeParse({ games: [reserved], tools: [], backgrounds: [], events: [] }).success).toBe(false);
    }
    expect(FavsSchema.safeParse({ games: ['my.constructor', 7], tools: [], backgrounds: [], events: [] }).success).toBe(true);
  });
});
