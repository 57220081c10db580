import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

interface GiftBombs {
  isRecipient(record: unknown): boolean;
}

/** The alert box's createGiftBombs, loaded as the page loads it (a classic script). */
function loadGiftBombs(): (options?: { windowMs?: number }) => GiftBombs {
  const sandbox: { AlertBox?: { createGiftBombs(options?: { windowMs?: number }): GiftBombs } } = {};
  runInNewContext(readFileSync('modules/demo.event.alerts/giftBombs.js', 'utf8'), sandbox);
  return sandbox.AlertBox!.createGiftBombs;
}

const record = (type: string, at: number, event: Record<string, unknown>) => ({ id: `${type}-${at}`, at, subscription: { type, version: '1' }, event });
const bomb = (at: number, total: number) => record('channel.subscription.gift', at, { user_name: 'Gifter', total, tier: '1000' });
const gifted = (at: number, user = 'Lucky') => record('channel.subscribe', at, { user_name: user, tier: '1000', is_gift: true });

describe('demo.event.alerts gift bombs', () => {
  const createGiftBombs = loadGiftBombs();

  it('the gifted subs that follow a bomb of N within 10 s are its recipients, up to N', () => {
    const bombs = createGiftBombs();
    expect(bombs.isRecipient(bomb(1_000, 2))).toBe(false);
    expect(bombs.isRecipient(gifted(1_100, 'a'))).toBe(true);
    expect(bombs.isRecipient(gifted(11_000, 'b'))).toBe(true);
    expect(bombs.isRecipient(gifted(11_001, 'c'))).toBe(false);
  });

  it('a gifted sub more than 10 s after the bomb, or before it, is shown on its own', () => {
    const bombs = createGiftBombs();
    expect(bombs.isRecipient(gifted(500))).toBe(false);
    bombs.isRecipient(bomb(1_000, 5));
    expect(bombs.isRecipient(gifted(11_001))).toBe(false);
    expect(bombs.isRecipient(gifted(999))).toBe(false);
  });

  it('a sub that is not a gift, and other types between, are never claimed and do not use up the bomb', () => {
    const bombs = createGiftBombs();
    bombs.isRecipient(bomb(0, 1));
    expect(bombs.isRecipient(record('channel.subscribe', 10, { user_name: 'Paid', is_gift: false }))).toBe(false);
    expect(bombs.isRecipient(record('channel.cheer', 20, { bits: 5 }))).toBe(false);
    expect(bombs.isRecipient(gifted(30))).toBe(true);
    expect(bombs.isRecipient(gifted(40))).toBe(false);
  });

  it('a new bomb replaces the last one: its own count and window', () => {
    const bombs = createGiftBombs({ windowMs: 100 });
    bombs.isRecipient(bomb(0, 5));
    bombs.isRecipient(bomb(1_000, 1));
    expect(bombs.isRecipient(gifted(1_050))).toBe(true);
    expect(bombs.isRecipient(gifted(1_060))).toBe(false);
  });

  it('a bomb without a usable total claims nothing; odd records are not claimed', () => {
    const bombs = createGiftBombs();
    bombs.isRecipient(record('channel.subscription.gift', 0, { total: 'many' }));
    expect(bombs.isRecipient(gifted(10))).toBe(false);
    expect(bombs.isRecipient(null)).toBe(false);
    expect(bombs.isRecipient({})).toBe(false);
  });
});
