import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Requests Kursa makes to addresses its customers give (a webhook's receiver). Unless allowed, only
 * public addresses are reached: the name is resolved and a private, loopback, link-local or other
 * reserved address refused before connecting, on every request (so a name that changes its address
 * after it was saved cannot lead inside the installation's network), and plain http is refused.
 */
const reserved = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const)
  reserved.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  reserved.addSubnet(network, prefix, 'ipv6');

/** An address on the internet at large: not private, loopback, link-local, documentation or multicast. */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPublicAddress(mapped);
  const family = isIP(address);
  if (family === 0) return false;
  return !reserved.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * What can be told at once of an address a company gives: https to a name or a public address
 * (unless private ones are allowed). A name's addresses are checked again at each request.
 */
export function mayReach(url: string, allowPrivate: boolean): boolean {
  if (allowPrivate) return true;
  const { protocol, hostname } = new URL(url);
  const host = hostname.replace(/^\[|\]$/g, '');
  const local = host === 'localhost' || host.endsWith('.localhost') || (isIP(host) !== 0 && !isPublicAddress(host));
  return protocol === 'https:' && !local;
}

/** The request was not made: the address is not one Kursa may reach. */
export class RefusedAddress extends Error {}

export interface OutboundAnswer {
  status: number;
  /** The start of the answer's body, as text. */
  body: string;
}

export interface OutboundOptions {
  /** Reach http:// and private addresses too (a receiver on this machine or the installation's network). */
  allowPrivate: boolean;
  timeoutMs: number;
  /** How much of the answer's body is read; the rest is dropped. */
  keepBytes: number;
}

/** The hostname's addresses, only if every one is public: one private address among them could be chosen. */
const publicOnly: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, found: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    if (found.length === 0 || found.some((a) => !isPublicAddress(a.address)))
      return callback(new RefusedAddress(`${hostname} resolves to an address that is not public`), '', 0);
    if (options.all) return callback(null, found);
    callback(null, found[0]!.address, found[0]!.family);
  });
};

/** POSTs `body` to `url` and answers the receiver's status and the start of its body; never follows a redirect. */
export function postOutbound(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: OutboundOptions,
): Promise<OutboundAnswer> {
  const target = new URL(url);
  if (!options.allowPrivate) {
    if (target.protocol !== 'https:') return Promise.reject(new RefusedAddress('only https addresses are reached'));
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) !== 0 && !isPublicAddress(host)) return Promise.reject(new RefusedAddress(`${host} is not a public address`));
  }
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': Buffer.byteLength(body).toString() },
        signal: AbortSignal.timeout(options.timeoutMs),
        ...(!options.allowPrivate && { lookup: publicOnly }),
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on('data', (chunk: Buffer) => {
          if (kept < options.keepBytes) chunks.push(chunk.subarray(0, options.keepBytes - kept));
          kept += chunk.length;
          if (kept >= options.keepBytes) response.destroy();
        });
        const done = () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
