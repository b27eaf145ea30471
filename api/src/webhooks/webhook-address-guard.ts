import { lookup as dnsLookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** Addresses inside a network or this machine: a webhook must not make the API call them (SSRF). */
const INTERNAL = new BlockList();
for (const [network, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.168.0.0', 16], ['224.0.0.0', 4], ['240.0.0.0', 4]] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [['::', 127], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) INTERNAL.addSubnet(network, prefix, 'ipv6');
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** A URL's hostname without the brackets of an IPv6 address (`[::1]` is `::1`). */
export const bareHost = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

/** An IPv4 address written as IPv6 (::ffff:10.0.0.1) is checked as the IPv4 address it is. */
const plain = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

/**
 * Why an address may not be called, else null: internal networks never; this machine only outside production (the
 * tests' and the demo's receivers).
 */
export function internalAddressProblem(address: string, production: boolean): string | null {
  const ip = plain(bareHost(address));
  const family = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
  if (!production && LOOPBACK.check(ip, family)) return null;
  return INTERNAL.check(ip, family) ? `${ip} is an address of an internal network or of this machine` : null;
}

/** Why a host written as an address may not be called, else null (a name is checked by `guardedLookup` instead). */
export function literalAddressProblem(hostname: string, production: boolean): string | null {
  return isIP(bareHost(hostname)) ? internalAddressProblem(hostname, production) : null;
}

/**
 * The DNS lookup of a webhook's connection: it fails when the name resolves to any address that may not be called,
 * else the connection goes to the very addresses it checked. A name that answers a public address to a check and an
 * internal one to the connection (DNS rebinding) therefore gets nowhere. `resolve` is the system's lookup.
 */
export function guardedLookup(production: boolean, resolve: typeof dnsLookup = dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      const problem = error ? null : addresses.map(({ address }) => internalAddressProblem(address, production)).find((found) => found !== null);
      if (error || problem) return callback(error ?? new Error(`Not sent: ${problem}`), '', 0);
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
