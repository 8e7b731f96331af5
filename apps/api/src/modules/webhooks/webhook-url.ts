import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where webhooks may go (no server-side request forgery): https only, to public addresses
 * only. The host is resolved and every address it has is checked (a name with one private
 * address among public ones is refused); the same check runs again at each delivery, which
 * then connects to the address it checked (no second look-up a DNS rebinding could change).
 * With `allowLoopback` (tests, local development) loopback addresses are allowed, over
 * http too; every other private range stays refused.
 */

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** ::ffff:10.0.0.1 is 10.0.0.1: an IPv4-mapped address is checked as the IPv4 address. */
function normalize(address: string): ResolvedAddress {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return { address: mapped[1], family: 4 };
  return { address, family: isIP(address) === 6 ? 6 : 4 };
}

export function isLoopbackAddress(raw: string): boolean {
  const { address, family } = normalize(raw);
  return LOOPBACK.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export function isPublicAddress(raw: string): boolean {
  const { address, family } = normalize(raw);
  if (family === 6) {
    // Only global unicast (2000::/3) is public in IPv6.
    const firstGroup = Number.parseInt(address.split(':')[0] || '0', 16);
    if ((firstGroup & 0xe000) !== 0x2000) return false;
  }
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class WebhookUrlRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'WebhookUrlRefused';
  }
}

export type HostResolver = (host: string) => Promise<ResolvedAddress[]>;

export const resolveHost: HostResolver = async (host) => {
  const answers = await lookup(host, { all: true, verbatim: true });
  return answers.map((answer) => ({
    address: answer.address,
    family: answer.family === 6 ? 6 : 4,
  }));
};

/** The URL parsed, or a refusal saying why (shown to the user in the log, not in answers). */
export function parseWebhookUrl(text: string, allowLoopback: boolean): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new WebhookUrlRefused('not a URL');
  }
  if (url.protocol !== 'https:' && !(allowLoopback && url.protocol === 'http:')) {
    throw new WebhookUrlRefused('only https URLs');
  }
  if (url.username || url.password) throw new WebhookUrlRefused('credentials in the URL');
  if (url.hash) throw new WebhookUrlRefused('a fragment in the URL');
  return url;
}

/**
 * Checks the URL and every address of its host; answers the first address to connect to.
 * Refused: not https (http only to loopback with `allowLoopback`), a host that does not
 * resolve, or any address that is not public (loopback allowed with `allowLoopback`).
 */
export async function checkWebhookTarget(
  text: string,
  options: { allowLoopback: boolean; resolve?: HostResolver },
): Promise<{ url: URL; address: ResolvedAddress }> {
  const url = parseWebhookUrl(text, options.allowLoopback);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: ResolvedAddress[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await (options.resolve ?? resolveHost)(host);
    } catch {
      throw new WebhookUrlRefused('the host does not resolve');
    }
  }
  if (addresses.length === 0) throw new WebhookUrlRefused('the host does not resolve');
  for (const { address } of addresses) {
    const loopback = isLoopbackAddress(address);
    if (loopback && options.allowLoopback) continue;
    if (loopback || !isPublicAddress(address)) {
      throw new WebhookUrlRefused(`the host resolves to a private or loopback address`);
    }
  }
  if (url.protocol === 'http:' && !addresses.every(({ address }) => isLoopbackAddress(address))) {
    throw new WebhookUrlRefused('only https URLs');
  }
  const first = addresses[0];
  if (!first) throw new WebhookUrlRefused('the host does not resolve');
  return { url, address: normalize(first.address) };
}
