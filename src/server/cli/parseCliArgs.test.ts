import { describe, expect, it } from 'vitest';
import { parseCliArgs, UsageError } from './parseCliArgs.ts';

describe('parseCliArgs', () => {
  it('has the documented defaults', () => {
    expect(parseCliArgs([], {})).toEqual({
      port: 8787,
      host: '127.0.0.1',
      seedPath: undefined,
      reseed: false,
      modulesPath: undefined,
      storeUrl: 'sqlite:./data/overlay.sqlite',
      store: { type: 'sqlite', path: './data/overlay.sqlite', synchronous: 'full' },
      tokenTtlMs: 86_400_000,
      maxTokensPerOverlay: 32,
      limits: { maxValueBytes: 65536, maxBodyBytes: 1048576, exchangesPerOverlay: 60, failedExchangesPerAddress: 20, exchangeWindowMs: 600_000 },
      live: { maxConnectionsPerUser: 32, maxPendingConnections: 512, maxPendingPerAddress: 128 },
      envelope: false,
      trustProxy: 0,
      eventRate: { perSecond: 100, burst: 1000 },
      sessionDays: 30,
      media: { limits: { maxFileBytes: 25 * 1024 * 1024, quotaBytes: 250 * 1024 * 1024 } },
      help: false,
    });
  });

  it('reads --session-days', () => {
    expect(parseCliArgs(['--session-days', '7']).sessionDays).toBe(7);
    expect(() => parseCliArgs(['--session-days', '0'])).toThrow(/--session-days: expected an integer from 1 to 3650/);
  });

  it('reads --trust-proxy <hops>: 0 by default, a small whole number', () => {
    expect(parseCliArgs(['--trust-proxy', '2']).trustProxy).toBe(2);
    expect(() => parseCliArgs(['--trust-proxy', 'yes'])).toThrow(/--trust-proxy: expected an integer from 0 to 16/);
  });

  it('reads the event rate flags: --max-events-per-second, --event-burst', () => {
    expect(parseCliArgs(['--max-events-per-second', '5', '--event-burst=20']).eventRate).toEqual({ perSecond: 5, burst: 20 });
    expect(() => parseCliArgs(['--max-events-per-second', '0'])).toThrow(/--max-events-per-second: expected an integer from 1/);
    expect(() => parseCliArgs(['--event-burst', 'many'])).toThrow(/--event-burst: expected an integer/);
  });

  it('reads the live endpoint flags: --no-live, --max-live-connections, the caps of connections not yet authenticated', () => {
    expect(parseCliArgs(['--no-live']).live).toBe(false);
    expect(parseCliArgs(['--max-live-connections', '5']).live).toEqual({ maxConnectionsPerUser: 5, maxPendingConnections: 512, maxPendingPerAddress: 128 });
    const pending = parseCliArgs(['--max-pending-live-connections', '100', '--max-pending-live-per-address=10']).live;
    expect(pending).toEqual({ maxConnectionsPerUser: 32, maxPendingConnections: 100, maxPendingPerAddress: 10 });
    expect(() => parseCliArgs(['--no-live', '--max-pending-live-per-address=3'])).toThrow(/--max-pending-live-per-address: there is no live endpoint/);
    expect(() => parseCliArgs(['--max-live-connections', '0'])).toThrow(/--max-live-connections: expected an integer from 1/);
    expect(() => parseCliArgs(['--no-live', '--max-live-connections=3'])).toThrow(UsageError);
  });

  it('reads every flag, in both --flag value and --flag=value forms', () => {
    const options = parseCliArgs([
      '--port=0',
      '--host',
      '0.0.0.0',
      '--seed',
      'seed.json',
      '--store',
      'memory',
      '--token-ttl-seconds',
      '60',
      '--max-value-bytes=100',
      '--max-body-bytes',
      '2000',
      '--envelope',
      '--exchange-limit=7',
      '--failed-exchange-limit',
      '3',
      '--exchange-window-seconds',
      '30',
      '--max-tokens-per-overlay=4',
    ]);
    expect(options).toMatchObject({
      port: 0,
      host: '0.0.0.0',
      seedPath: 'seed.json',
      store: { type: 'memory' },
      tokenTtlMs: 60_000,
      maxTokensPerOverlay: 4,
      limits: { maxValueBytes: 100, maxBodyBytes: 2000, exchangesPerOverlay: 7, failedExchangesPerAddress: 3, exchangeWindowMs: 30_000 },
      envelope: true,
    });
    expect(parseCliArgs(['-h']).help).toBe(true);
  });

  it('names the bad flag', () => {
    const cases: Array<[string[], RegExp]> = [
      [['--port', '70000'], /^--port: expected an integer from 0 to 65535, got "70000"$/],
      [['--port=-1'], /^--port: /],
      [['--max-value-bytes', '0'], /^--max-value-bytes: expected an integer from 1/],
      [['--max-body-bytes', '1e6'], /^--max-body-bytes: /],
      [['--token-ttl-seconds', '1.5'], /^--token-ttl-seconds: /],
      [['--exchange-limit', '0'], /^--exchange-limit: expected an integer from 1/],
      [['--failed-exchange-limit', 'many'], /^--failed-exchange-limit: /],
      [['--exchange-window-seconds', '0.5'], /^--exchange-window-seconds: /],
      [['--max-tokens-per-overlay', '0'], /^--max-tokens-per-overlay: /],
      [['--store', 'ftp://x'], /^--store: unsupported store/],
      [['--seed', ''], /^--seed: needs a file path$/],
      [['--value-ttl-days', '30'], /^--value-ttl-days: only the redis store expires values \(store is sqlite\)$/],
      [['--store', 'redis://h', '--value-ttl-days', '0'], /^--value-ttl-days: expected an integer from 1/],
      [['--port'], /--port/],
      [['positional'], /positional/],
    ];
    for (const [argv, message] of cases) {
      expect(() => parseCliArgs(argv)).toThrow(UsageError);
      expect(() => parseCliArgs(argv)).toThrow(message);
    }
  });

  it('takes a redis store, with an optional value TTL in days (off by default)', () => {
    expect(parseCliArgs(['--store', 'redis://127.0.0.1:6379/1']).store).toEqual({ type: 'redis', host: '127.0.0.1', port: 6379, db: 1, tls: false });
    expect(parseCliArgs(['--store', 'redis://h', '--value-ttl-days', '30']).store).toMatchObject({ valueTtlSeconds: 30 * 86_400 });
  });

  it('takes Twitch: a client id (flag or TWITCH_CLIENT_ID) for WebSocket sessions, and the three webhook flags together', () => {
    expect(parseCliArgs([], {}).twitch).toBeUndefined();
    expect(parseCliArgs(['--twitch-client-id', 'abc123'], {}).twitch).toEqual({ clientId: 'abc123' });
    expect(parseCliArgs([], { TWITCH_CLIENT_ID: 'fromenv' }).twitch).toEqual({ clientId: 'fromenv' });
    const webhook = ['--twitch-client-id', 'abc', '--twitch-webhook-url', 'https://example.com/api/twitch/eventsub', '--twitch-webhook-secret', 's'.repeat(10), '--twitch-client-secret', 'cs'];
    expect(parseCliArgs(webhook, {}).twitch).toEqual({ clientId: 'abc', webhook: { callback: 'https://example.com/api/twitch/eventsub', secret: 'ssssssssss', clientSecret: 'cs' } });
    const cases: [string[], RegExp][] = [
      [['--twitch-webhook-url', 'https://x.example'], /^--twitch-webhook-url: needs --twitch-client-id/],
      [['--twitch-client-id', 'a', '--twitch-webhook-url', 'https://x.example'], /^--twitch-webhook-secret: the webhook transport needs/],
      [webhook.map((arg) => (arg === 's'.repeat(10) ? 'short' : arg)), /^--twitch-webhook-secret: expected 10 to 100 characters, got 5$/],
      [webhook.map((arg) => (arg.startsWith('https:') ? 'http://example.com/hook' : arg)), /^--twitch-webhook-url: must be an https:\/\/ address$/],
      [['--twitch-client-id', 'not an id'], /^--twitch-client-id: /],
    ];
    for (const [argv, message] of cases) expect(() => parseCliArgs(argv, {})).toThrow(message);
  });
});
