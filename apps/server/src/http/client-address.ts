import net from 'node:net';

/** The eight 16-bit groups of an IPv6 address, `::` expanded (an IPv4 tail counts as two). */
function ipv6Groups(address: string): string[] {
  const split = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [group];
          const [a, b, c, d] = group.split('.').map(Number) as [number, number, number, number];
          return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
        });
  const [head = '', tail] = address.split('::');
  if (tail === undefined) return split(head);
  const before = split(head);
  const after = split(tail);
  return [...before, ...Array<string>(8 - before.length - after.length).fill('0'), ...after];
}

/**
 * Who a per-address limit counts: an IPv4 address as it is (also when written IPv4-mapped), an
 * IPv6 address by its /64, the block one subscriber is given, so rotating within it gains nothing.
 */
export function limitedAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!net.isIPv6(address)) return address;
  const prefix = ipv6Groups(address.split('%')[0]!)
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}
