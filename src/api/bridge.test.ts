import { describe, expect, it } from 'vitest';
import {
  HelloSchema,
  HostMessageSchema,
  METHOD_PARAMS,
  ModuleMessageSchema,
  ReplySchema,
  WelcomeSchema,
} from './bridge.ts';

describe('bridge schemas', () => {
  it('accepts a hello and a welcome, and refuses other versions and empty instances', () => {
    expect(HelloSchema.safeParse({ v: 1, k: 'hello', instance: 'abc', session: 's1' }).success).toBe(true);
    expect(HelloSchema.safeParse({ v: 2, k: 'hello', instance: 'abc', session: 's1' }).success).toBe(false);
    expect(HelloSchema.safeParse({ v: 1, k: 'hello', instance: '', session: 's1' }).success).toBe(false);
    expect(HelloSchema.safeParse({ v: 1, k: 'hello', instance: 'x'.repeat(129), session: 's' }).success).toBe(false);
    expect(WelcomeSchema.safeParse({ v: 1, k: 'welcome', instance: 'abc', heartbeatMs: 5000 }).success).toBe(true);
    expect(WelcomeSchema.safeParse({ v: 1, k: 'welcome', instance: 'abc' }).success).toBe(false);
  });

  it('parses requests and pongs, dropping fields it does not know', () => {
    const request = ModuleMessageSchema.parse({ v: 1, k: 'req', id: 3, m: 'db.get', p: { key: 'a' }, from: 'other' });
    expect(request).toEqual({ v: 1, k: 'req', id: 3, m: 'db.get', p: { key: 'a' } });
    expect(ModuleMessageSchema.parse({ k: 'pong', t: 4 })).toEqual({ k: 'pong', t: 4 });
  });

  it('refuses malformed module messages', () => {
    const bad = [
      null,
      'req',
      [],
      { k: 'req', id: 1, m: 'ready' },
      { v: 1, k: 'req', id: -1, m: 'ready' },
      { v: 1, k: 'req', id: 1.5, m: 'ready' },
      { v: 1, k: 'req', id: '1', m: 'ready' },
      { v: 1, k: 'req', id: 1, m: 'x'.repeat(65) },
      { v: 1, k: 'res', id: 1, ok: true },
      { k: 'pong' },
      { v: 1, k: 'hello', instance: 'a', session: 'b' },
    ];
    for (const message of bad) expect(ModuleMessageSchema.safeParse(message).success).toBe(false);
  });

  it('checks method parameters', () => {
    expect(METHOD_PARAMS['db.set'].safeParse({ key: 'a', json: '1' }).success).toBe(true);
    expect(METHOD_PARAMS['db.set'].safeParse({ key: 'a', value: 1 }).success).toBe(false);
    expect(METHOD_PARAMS['db.get'].parse({ key: 'a', id: 'other.module' })).toEqual({ key: 'a' });
    expect(METHOD_PARAMS.ready.safeParse(5).success).toBe(false);
  });

  it('allows only closed error codes in replies, and known events', () => {
    expect(ReplySchema.safeParse({ k: 'res', id: 1, ok: false, e: { code: 'BUSY', message: 'm' } }).success).toBe(true);
    expect(ReplySchema.safeParse({ k: 'res', id: 1, ok: false, e: { code: 'OOPS', message: 'm' } }).success).toBe(false);
    expect(ReplySchema.safeParse({ k: 'res', id: 1, ok: true, r: { any: 'value' } }).success).toBe(true);
    expect(HostMessageSchema.safeParse({ k: 'evt', n: 'change', d: { key: 'a', value: 1, from: 'b' } }).success).toBe(
      true,
    );
    expect(HostMessageSchema.safeParse({ k: 'evt', n: 'token', d: 'x' }).success).toBe(false);
    expect(HostMessageSchema.safeParse({ k: 'ping', t: 1 }).success).toBe(true);
  });
});
