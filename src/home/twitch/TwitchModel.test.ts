import { signal } from '@preact/signals';
import { describe, expect, it } from 'vitest';
import { HomeSession } from '../HomeSession.ts';
import { memoryOf } from '../testing/profileServer.ts';
import { TwitchModel } from './TwitchModel.ts';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A Twitch state on the server side of a fake fetch, and the timers the model set. */
function setup(start: string, login: () => Response = () => json({ verificationUri: 'https://www.twitch.tv/activate', userCode: 'ABCD-EFGH', expiresIn: 1800 })) {
  const server = { state: start, refusal: undefined as string | undefined, asked: [] as string[] };
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`;
    server.asked.push(key);
    if (key === 'GET /me/twitch') return json({ state: server.state, refusal: server.refusal });
    if (key === 'POST /me/twitch/login') return login();
    if (key === 'DELETE /me/twitch') {
      server.state = 'not logged in';
      return new Response(null, { status: 204 });
    }
    return json({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  }) as typeof globalThis.fetch;
  const timers: (() => void)[] = [];
  const session = new HomeSession({ apiBase: 'https://api.example', memory: memoryOf('web-1'), catalog: signal([]), fetch });
  const model = new TwitchModel({ session, setTimeout: (fn) => timers.push(fn) });
  const tick = async () => {
    timers.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { server, model, timers, tick };
}

describe('TwitchModel', () => {
  it('says why a Connect Twitch was refused (the Twitch user belongs to another account), until the server no longer does', async () => {
    const { server, model, tick } = setup('not logged in');
    await model.load();
    server.state = 'pending';
    await model.connect();
    server.state = 'not logged in';
    server.refusal = 'The Twitch account x is already connected to another account on this site';
    await tick();
    expect(model.state.value).toBe('not logged in');
    expect(model.code.value).toBeNull();
    expect(model.refusal.value).toBe(server.refusal);
    server.refusal = undefined;
    await model.load();
    expect(model.refusal.value).toBeNull();
  });

  it('connects: shows the code and address, polls while pending, then connected without the code', async () => {
    const { server, model, timers, tick } = setup('not logged in');
    await model.load();
    expect(model.state.value).toBe('not logged in');
    server.state = 'pending';
    await model.connect();
    expect(model.code.value).toEqual({ verificationUri: 'https://www.twitch.tv/activate', userCode: 'ABCD-EFGH', expiresIn: 1800 });
    expect(model.state.value).toBe('pending');
    await tick();
    expect(model.code.value).not.toBeNull();
    server.state = 'connected';
    await tick();
    expect(model.state.value).toBe('connected');
    expect(model.code.value).toBeNull();
    expect(timers).toEqual([]);
  });

  it('a refused or expired code goes back to the state before', async () => {
    const { server, model, tick } = setup('not logged in');
    server.state = 'pending';
    await model.connect();
    server.state = 'not logged in';
    await tick();
    expect(model.state.value).toBe('not logged in');
    expect(model.code.value).toBeNull();
  });

  it('disconnects, and says why a connect failed (409: no Twitch client id)', async () => {
    const { model } = setup('connected', () => json({ code: 'CONFLICT', message: 'This server has no Twitch client id' }, 409));
    await model.load();
    await model.disconnect();
    expect(model.state.value).toBe('not logged in');
    await model.connect();
    expect(model.error.value).toBe('Twitch could not be connected: This server has no Twitch client id.');
  });

  it('is off on an API without Twitch (off, or no route)', async () => {
    const { model, server } = setup('off');
    await model.load();
    expect(model.state.value).toBe('off');
    expect(server.asked).toEqual(['GET /me/twitch']);
  });
});
