import net from 'node:net';

/**
 * LIDO_FRONT_OF_HOUSE_ALLOW as a test: the staff calls answer only the centres' own networks when
 * an operator lists them. Built on Node's BlockList, which matches IPv4 and IPv6 ranges (and an
 * IPv4 address written IPv4-mapped) without a dependency.
 */
export function addressAllowList(entries: string[] | null): (address: string) => boolean {
  if (entries === null) return () => true;
  const list = new net.BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = net.isIPv6(address) ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
    const plain = mapped ? mapped[1]! : address;
    const type = net.isIPv6(plain) ? 'ipv6' : net.isIPv4(plain) ? 'ipv4' : undefined;
    return type !== undefined && list.check(plain, type);
  };
}
