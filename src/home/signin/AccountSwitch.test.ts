import { signal } from '@preact/signals';
import { describe, expect, it } from 'vitest';
import { sampleProfile } from '../../api/testing/sampleProfile.ts';
import { AccountSwitch } from './AccountSwitch.ts';
import { HomeSession } from '../HomeSession.ts';
import { memoryOf } from '../testing/profileServer.ts';

/** An API whose `GET /me` knows these tokens, by user; records the tokens it was asked with. */
function accounts(users: Record<string, { userId: string; userName: string }>) {
  const asked: string[] = [];
  const fetch = (async (_input: string | URL | Request, init?: RequestInit) => {
    const token = new Headers(init?.headers).get('authorization')?.replace('Bearer ', '') ?? '';
    asked.push(token);
    const user = users[token];
    if (!user) return new Response('{"code":"UNAUTHORIZED","message":"Invalid token"}', { status: 401 });
    const profile = sampleProfile();
    return Response.json({ ...profile, user: { ...profile.user, ...user } });
  }) as typeof globalThis.fetch;
  return { asked, fetch };
}

const USERS = { mine: { userId: '1337', userName: 'Cool_User' }, again: { userId: '1337', userName: 'Cool_User' }, theirs: { userId: '4242', userName: 'Other_Streamer' } };

function world(held?: string) {
  const api = accounts(USERS);
  const memory = memoryOf(held);
  const session = new HomeSession({ apiBase: 'https://api.example', memory, catalog: signal([]), fetch: api.fetch });
  return { api, memory, session, accounts: new AccountSwitch(session) };
}

/** A world holding `held` after `token` arrived in the address. */
async function arrived(held: string, token: string) {
  const arrival = world(held);
  await arrival.accounts.arrive(token);
  return arrival;
}

describe('AccountSwitch', () => {
  it('signs in at once without a token held, or with the same one', async () => {
    const fresh = world();
    await fresh.accounts.arrive('theirs');
    expect(fresh.session.userName.value).toBe('Other_Streamer');
    expect(fresh.accounts.offered.value).toBeNull();
    const same = world('mine');
    await same.accounts.arrive('mine');
    expect(same.session.userName.value).toBe('Cool_User');
    expect(same.accounts.offered.value).toBeNull();
  });

  it('asks before another account\'s token replaces the tab\'s, naming that account; Keep leaves all as it was', async () => {
    const { accounts: switcher, session, memory } = await arrived('mine', 'theirs');
    expect(switcher.offered.value).toEqual({ token: 'theirs', userName: 'Other_Streamer' });
    expect(session.userName.value).toBe('Cool_User');
    expect(session.token.value).toBe('mine');
    expect(memory.token).toBe('mine');
    switcher.keep();
    expect(switcher.offered.value).toBeNull();
    expect(memory.token).toBe('mine');
  });

  it('switches once accepted', async () => {
    const { accounts: switcher, session, memory } = world('mine');
    await session.reload();
    await switcher.arrive('theirs');
    await switcher.accept();
    expect(switcher.offered.value).toBeNull();
    expect(session.userName.value).toBe('Other_Streamer');
    expect(memory.token).toBe('theirs');
  });

  it('takes another token of the same account without asking', async () => {
    const { accounts: switcher, memory } = await arrived('mine', 'again');
    expect(switcher.offered.value).toBeNull();
    expect(memory.token).toBe('again');
  });

  it('keeps the tab\'s token and says why when the API refuses the offered one', async () => {
    const { accounts: switcher, session, memory } = await arrived('mine', 'forged');
    expect(switcher.offered.value).toBeNull();
    expect(switcher.notice.value).toBe('The token in the address was not taken (Invalid token): this tab stays signed in as Cool_User.');
    expect(memory.token).toBe('mine');
    expect(session.phase.value).toBe('ready');
  });

  it('takes the offered token when the tab\'s own is refused: there is nothing to replace', async () => {
    const { accounts: switcher, session, memory } = await arrived('expired', 'theirs');
    expect(switcher.offered.value).toBeNull();
    expect(session.userName.value).toBe('Other_Streamer');
    expect(memory.token).toBe('theirs');
  });
});
