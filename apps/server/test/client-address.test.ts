import { describe, expect, it } from 'vitest';
import { limitedAddress } from '../src/http/client-address.ts';

describe('the address a per-address limit counts', () => {
  it('keeps an IPv4 address, also written IPv4-mapped', () => {
    expect(limitedAddress('203.0.113.9')).toBe('203.0.113.9');
    expect(limitedAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const block = '2001:db8:85a3:42::/64';
    for (const address of [
      '2001:db8:85a3:42::1',
      '2001:0db8:85a3:0042:ffff:ffff:ffff:ffff',
      '2001:DB8:85A3:42:1:2:3:4',
      '2001:db8:85a3:42::5:6',
      '2001:db8:85a3:42::1.2.3.4',
      '2001:db8:85a3:42::1%eth0',
    ])
      expect(limitedAddress(address), address).toBe(block);
    expect(limitedAddress('2001:db8:85a3:43::1')).not.toBe(block);
    expect(limitedAddress('::1')).toBe('0:0:0:0::/64');
  });
});
