import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook must never reach: loopback, private, link-local (and so the cloud metadata
 * service at 169.254.169.254 / fd00:ec2::254), carrier-grade NAT, unspecified, multicast, reserved.
 */
const forbidden = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  forbidden.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  forbidden.addSubnet(network, prefix, 'ipv6');
}

const IPV4_MAPPED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

export function isForbiddenAddress(address: string): boolean {
  const mapped = IPV4_MAPPED.exec(address);
  if (mapped) return forbidden.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return forbidden.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class BlockedAddressError extends Error {
  readonly code = 'EBLOCKEDADDRESS';
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, a loopback, private, link-local or metadata address`);
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `dns.lookup` replacement for outgoing connections: it resolves as usual and refuses the
 * connection when any address is forbidden. Checking at connect time (not only when the URL is
 * registered) defeats DNS rebinding.
 */
export function guardedLookup(
  hostname: string,
  options: LookupOptions,
  callback: LookupCallback,
): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, []);
    const blocked = addresses.find((candidate) => isForbiddenAddress(candidate.address));
    if (blocked) return callback(new BlockedAddressError(hostname, blocked.address), []);
    if (options.all) return callback(null, addresses);
    const first = addresses[0];
    return callback(null, first.address, first.family);
  });
}

/** Hostname of a URL without IPv6 brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

export type DestinationProblem =
  'invalid_url' | 'https_required' | 'credentials_in_url' | 'forbidden_address';

/**
 * What a registered endpoint URL may be. Private destinations (and plain http) are allowed only
 * when the deployment says so (tests, local development).
 */
export class DestinationPolicy {
  constructor(readonly allowPrivate: boolean) {}

  checkSyntax(raw: string): DestinationProblem | null {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return 'invalid_url';
    }
    if (url.protocol !== 'https:' && !(this.allowPrivate && url.protocol === 'http:'))
      return 'https_required';
    if (url.username || url.password) return 'credentials_in_url';
    return null;
  }

  /** Refuses literal or resolved forbidden addresses. A name that does not resolve (yet) is allowed: attempts will fail. */
  async checkDestination(raw: string): Promise<DestinationProblem | null> {
    const syntax = this.checkSyntax(raw);
    if (syntax || this.allowPrivate) return syntax;
    const host = hostOf(new URL(raw));
    if (isIP(host)) return isForbiddenAddress(host) ? 'forbidden_address' : null;
    const addresses = await new Promise<LookupAddress[]>((resolve) =>
      dnsLookup(host, { all: true }, (error, found) => resolve(error ? [] : found)),
    );
    return addresses.some((candidate) => isForbiddenAddress(candidate.address))
      ? 'forbidden_address'
      : null;
  }

  /** For a connection about to be made to an IP literal (no lookup happens for those). */
  isForbiddenLiteral(url: URL): boolean {
    const host = hostOf(url);
    return !this.allowPrivate && isIP(host) !== 0 && isForbiddenAddress(host);
  }
}
