import { isIPv4, isIPv6 } from 'node:net';

/**
 * The address with its identifying part zeroed: the last octet of IPv4, the last 80 bits of IPv6
 * (the first 48 bits, a site prefix, are kept). Runs before anything is stored or logged; the raw
 * address goes no further than this function. Returns null for anything that is not an address.
 */
export function anonymiseIp(address: string | undefined): string | null {
  if (!address) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return anonymiseIPv4(mapped[1]!);
  if (isIPv4(address)) return anonymiseIPv4(address);
  if (isIPv6(address)) return anonymiseIPv6(address);
  return null;
}

function anonymiseIPv4(address: string): string {
  return `${address.slice(0, address.lastIndexOf('.'))}.0`;
}

function anonymiseIPv6(address: string): string {
  const groups = expandIPv6(address.replace(/%.*$/, ''));
  const kept = groups.slice(0, 3).map((g) => g.replace(/^0+(?=.)/, ''));
  return `${kept.join(':')}::`;
}

/** Eight groups of hex, "::" expanded; an embedded IPv4 tail counts as two groups. */
function expandIPv6(address: string): string[] {
  let text = address.toLowerCase();
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  if (tail === undefined) return left;
  const right = tail ? tail.split(':') : [];
  return [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
}
