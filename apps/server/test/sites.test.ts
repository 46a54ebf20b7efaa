import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { parseHost, resolveSite, siteOriginsFor } from '../src/http/sites.ts';

describe('choosing the site', () => {
  const local = loadConfig({ LIDO_PORT: '4100' });
  const hosted = loadConfig({
    LIDO_BOOKINGS_URL: 'https://bookings.example.org',
    LIDO_MY_ACCOUNT_URL: 'https://myaccount.example.org',
    LIDO_ONLINE_JOINING_URL: 'https://join.example.org',
  });

  it('locally, by the port the request arrived on', () => {
    expect(resolveSite(local, 'localhost:9999', 4100)).toBe('bookings');
    expect(resolveSite(local, undefined, 4101)).toBe('my-account');
    expect(resolveSite(local, undefined, 4102)).toBe('online-joining');
    expect(resolveSite(local, undefined, 4103)).toBeUndefined(); // the sandbox card provider's port
    expect(resolveSite(local, undefined, 4104)).toBeUndefined(); // the sandbox Direct Debit provider's
    expect(resolveSite(local, undefined, 4105)).toBe('front-of-house');
  });

  it('serves the staff site on its own host only when its URL is configured', () => {
    expect(resolveSite(hosted, 'desk.example.org', 443)).toBeUndefined();
    const withDesk = loadConfig({
      LIDO_BOOKINGS_URL: 'https://bookings.example.org',
      LIDO_MY_ACCOUNT_URL: 'https://myaccount.example.org',
      LIDO_ONLINE_JOINING_URL: 'https://join.example.org',
      LIDO_FRONT_OF_HOUSE_URL: 'https://desk.example.org',
    });
    expect(resolveSite(withDesk, 'desk.example.org', 443)).toBe('front-of-house');
    expect(resolveSite(withDesk, 'join.example.org', 443)).toBe('online-joining');
    expect(() => loadConfig({ LIDO_FRONT_OF_HOUSE_URL: 'https://desk.example.org' })).toThrow(
      /LIDO_FRONT_OF_HOUSE_URL: needs LIDO_BOOKINGS_URL/,
    );
  });

  it('locally, by the port in Host when the socket port is unknown', () => {
    expect(resolveSite(local, '127.0.0.1:4102', undefined)).toBe('online-joining');
    expect(resolveSite(local, '[::1]:4101', undefined)).toBe('my-account');
  });

  it('with configured hostnames, by Host alone', () => {
    expect(resolveSite(hosted, 'join.example.org', 443)).toBe('online-joining');
    expect(resolveSite(hosted, 'MYACCOUNT.example.org:443', 443)).toBe('my-account');
    expect(resolveSite(hosted, 'evil.example.com', 443)).toBeUndefined();
    expect(resolveSite(hosted, undefined, 443)).toBeUndefined();
  });

  it('links to the other sites on the host the browser used', () => {
    expect(siteOriginsFor(local, '127.0.0.1:4101', 'http')).toEqual({
      bookings: 'http://127.0.0.1:4100',
      'my-account': 'http://127.0.0.1:4101',
      'online-joining': 'http://127.0.0.1:4102',
      'front-of-house': 'http://127.0.0.1:4105',
    });
    expect(siteOriginsFor(hosted, 'join.example.org', 'http').bookings).toBe('https://bookings.example.org');
  });

  it('parses hosts with and without ports', () => {
    expect(parseHost('Example.org:8080')).toEqual({ hostname: 'example.org', port: 8080 });
    expect(parseHost('example.org')).toEqual({ hostname: 'example.org', port: undefined });
    expect(parseHost('')).toBeUndefined();
  });
});
