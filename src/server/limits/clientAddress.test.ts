import { describe, expect, it } from 'vitest';
import { clientAddress } from './clientAddress.ts';

/** Node's message as the live endpoint gets it. */
const message = (remoteAddress: string, forwarded?: string | string[]) => ({ socket: { remoteAddress }, headers: { 'x-forwarded-for': forwarded } });
/** The API's own request as the routes get it. */
const apiRequest = (address: string, forwarded?: string) => ({ address, header: (name: string) => (name === 'x-forwarded-for' ? (forwarded ?? null) : null) });

describe('clientAddress', () => {
  it('without trusted proxies is the socket\'s peer: a forged X-Forwarded-For changes nothing', () => {
    expect(clientAddress(message('10.0.0.9', '203.0.113.7'), 0)).toBe('10.0.0.9');
    expect(clientAddress(apiRequest('10.0.0.9', '203.0.113.7, 198.51.100.1'), 0)).toBe('10.0.0.9');
    expect(clientAddress({ address: undefined, header: () => null }, 0)).toBe('unknown');
  });

  it('counts n proxies from the right; what the client wrote further left is never read', () => {
    // The client forged "1.1.1.1"; the load balancer appended the address it saw.
    const forwarded = '1.1.1.1, 203.0.113.7';
    expect(clientAddress(message('10.0.0.9', forwarded), 1)).toBe('203.0.113.7');
    expect(clientAddress(apiRequest('10.0.0.9', forwarded), 1)).toBe('203.0.113.7');
    // Two proxies: a CDN appended the client, the load balancer the CDN.
    expect(clientAddress(message('10.0.0.9', '1.1.1.1, 203.0.113.7, 198.51.100.1'), 2)).toBe('203.0.113.7');
    // Repeated headers read as one list, in order.
    expect(clientAddress(message('10.0.0.9', ['1.1.1.1', '203.0.113.7']), 1)).toBe('203.0.113.7');
  });

  it('a header shorter than the hops, or an entry that is no address, stops at the last address a proxy wrote', () => {
    expect(clientAddress(message('10.0.0.9'), 1)).toBe('10.0.0.9');
    expect(clientAddress(message('10.0.0.9', ''), 1)).toBe('10.0.0.9');
    expect(clientAddress(message('10.0.0.9', '203.0.113.7'), 3)).toBe('203.0.113.7');
    expect(clientAddress(message('10.0.0.9', 'evil, 203.0.113.7'), 2)).toBe('203.0.113.7');
    expect(clientAddress(message('10.0.0.9', 'unknown'), 1)).toBe('10.0.0.9');
  });

  it('reads IPv6 entries and entries with a port', () => {
    expect(clientAddress(message('10.0.0.9', '2001:db8::1'), 1)).toBe('2001:db8::1');
    expect(clientAddress(message('10.0.0.9', '[2001:db8::1]:4711'), 1)).toBe('2001:db8::1');
    expect(clientAddress(message('10.0.0.9', ' 203.0.113.7:4711 '), 1)).toBe('203.0.113.7');
  });
});
