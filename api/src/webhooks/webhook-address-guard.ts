import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Addresses inside a network or this machine: a webhook must not make the API call them (SSRF). */
const INTERNAL = new BlockList();
for (const [network, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.168.0.0', 16], ['224.0.0.0', 4], ['240.0.0.0', 4]] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [['::', 127], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) INTERNAL.addSubnet(network, prefix, 'ipv6');
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** An IPv4 address written as IPv6 (::ffff:10.0.0.1) is checked as the IPv4 address it is. */
const plain = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

/**
 * Why an address may not be called, else null: internal networks never; this machine only outside production (the
 * tests' and the demo's receivers).
 */
export function internalAddressProblem(address: string, production: boolean): string | null {
  const ip = plain(address.replace(/^\[|\]$/g, ''));
  const family = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
  if (!production && LOOPBACK.check(ip, family)) return null;
  return INTERNAL.check(ip, family) ? `${ip} is an address of an internal network or of this machine` : null;
}

/** The problem of the first address a host resolves to that may not be called, else null. */
export async function resolvedAddressProblem(hostname: string, production: boolean): Promise<string | null> {
  const host = hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((entry) => entry.address);
  for (const address of addresses) {
    const problem = internalAddressProblem(address, production);
    if (problem) return problem;
  }
  return null;
}
