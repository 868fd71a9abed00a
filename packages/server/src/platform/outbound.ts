/**
 * The one policy for every request the server makes on an operator's behalf (docs/security.md,
 * "Outbound requests"): the SMS gateway and its provider paths, the translation platform, the SMTP
 * host, the exchange-rate source, the WeChat API, the S3 endpoint.
 *
 * - http(s) only;
 * - the target's addresses are checked after DNS resolution, and the connection goes to the address
 *   that was checked (a second resolution could answer another one);
 * - loopback, private, link-local, CGNAT, multicast, unspecified, broadcast and reserved addresses are
 *   refused unless OUTBOUND_ALLOW lists the host or a network holding the address;
 * - redirects are followed here, each hop checked the same way, at most OUTBOUND_MAX_REDIRECTS;
 * - one timeout for the whole exchange, and an answer larger than OUTBOUND_MAX_ANSWER_BYTES is dropped.
 *
 * A refusal is the operator's 400 (the URL they saved); a failure of the far side says only what
 * kind of failure it was, never what the far side answered.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, badRequest } from './errors.js';

export const OUTBOUND_TIMEOUT_MS = 10_000;
export const OUTBOUND_MAX_REDIRECTS = 3;
export const OUTBOUND_MAX_ANSWER_BYTES = 1024 * 1024;

/** What OUTBOUND_ALLOW lets through: host names as written, addresses and networks. */
export interface OutboundAllow {
  hosts: ReadonlySet<string>;
  networks: net.BlockList;
}

/** What an outbound request needs of the app: the allow-list (config) and a logger for what the far side said. */
export interface Outbound {
  config: { outboundAllow: OutboundAllow };
  log: FastifyBaseLogger;
}

const familyOf = (address: string): 'ipv4' | 'ipv6' => (net.isIPv6(address) ? 'ipv6' : 'ipv4');

/** `host, 10.0.0.0/8, 127.0.0.1, ::1` → the allow-list; an entry that is neither a host nor an address nor a network stops the start. */
export function parseOutboundAllow(raw: string | undefined): OutboundAllow {
  const entries = (raw ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  const hosts = new Set<string>();
  const networks = new net.BlockList();
  for (const entry of entries) {
    const [address, bits, extra] = entry.replace(/^\[|\](?=\/|$)/g, '').split('/');
    if (net.isIP(address) && bits === undefined) {
      networks.addAddress(address, familyOf(address));
    } else if (net.isIP(address) && extra === undefined && /^\d+$/.test(bits) && Number(bits) <= (net.isIPv6(address) ? 128 : 32)) {
      networks.addSubnet(address, Number(bits), familyOf(address));
    } else if (bits === undefined && /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(address)) {
      hosts.add(address);
    } else {
      throw new Error(`OUTBOUND_ALLOW: "${entry}" is neither a host name, an IP address nor a network (10.0.0.0/8)`);
    }
  }
  return { hosts, networks };
}

/** Addresses no request reaches unless allowed: nothing here is a public Internet host. */
const NOT_PUBLIC = new net.BlockList();
for (const [network, bits] of [
  ['0.0.0.0', 8], // "this network", the unspecified address
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, 255.255.255.255 broadcast
] as const) {
  NOT_PUBLIC.addSubnet(network, bits, 'ipv4');
}
for (const [network, bits] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // the old site-local
  ['ff00::', 8], // multicast
] as const) {
  NOT_PUBLIC.addSubnet(network, bits, 'ipv6');
}

/** The IPv4 address an IPv6 one carries (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96), judged as that address. */
function embeddedIpv4(address: string): string | null {
  const match = /^(?:::ffff:|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!match) return null;
  if (match[1]) return match[1];
  const [high, low] = [parseInt(match[2], 16), parseInt(match[3], 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

export function isPublicAddress(address: string): boolean {
  const v4 = net.isIPv6(address) ? embeddedIpv4(address) : address;
  if (v4) return !NOT_PUBLIC.check(v4, 'ipv4');
  return !NOT_PUBLIC.check(address, 'ipv6');
}

const allowedAddress = (allow: OutboundAllow, address: string) => {
  const v4 = net.isIPv6(address) ? embeddedIpv4(address) : null;
  return allow.networks.check(address, familyOf(address)) || (v4 !== null && allow.networks.check(v4, 'ipv4'));
};

const refused = (host: string) => badRequest('OUTBOUND_HOST_REFUSED', { host });

/** A failure of the far side or of the way to it, in words that say nothing the far side answered. */
export class OutboundFailure extends Error {
  constructor(readonly reason: 'timeout' | 'host not found' | 'connection failed' | 'too many redirects' | 'redirected to another origin' | 'answer too large') {
    super(reason);
  }
}

const bareHost = (hostname: string) => hostname.replace(/^\[|\]$/g, '').toLowerCase();

/**
 * The addresses of a host, every one of them checked: a name that resolves to one private address
 * among public ones is refused too (the connection could go to any of them).
 */
async function resolveChecked(allow: OutboundAllow, host: string): Promise<dns.LookupAddress> {
  const byName = allow.hosts.has(host);
  let addresses: dns.LookupAddress[];
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIPv6(host) ? 6 : 4 }];
  else {
    let timer: NodeJS.Timeout | undefined;
    // a resolver out of reach must not hold a save or a send longer than a request may take
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new OutboundFailure('timeout')), OUTBOUND_TIMEOUT_MS).unref();
    });
    try {
      addresses = await Promise.race([dns.promises.lookup(host, { all: true, verbatim: true }), late]);
    } catch (error) {
      throw error instanceof OutboundFailure ? error : new OutboundFailure('host not found');
    } finally {
      clearTimeout(timer);
    }
  }
  if (addresses.length === 0) throw new OutboundFailure('host not found');
  if (!byName && addresses.some(({ address }) => !isPublicAddress(address) && !allowedAddress(allow, address))) throw refused(host);
  return addresses[0];
}

function parseTarget(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest('OUTBOUND_URL_INVALID');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest('OUTBOUND_SCHEME_REFUSED', { scheme: url.protocol });
  if (!url.hostname) throw badRequest('OUTBOUND_URL_INVALID');
  return url;
}

/**
 * The save-time check of a URL an operator enters: its scheme, and its host's addresses when the
 * host resolves now. A name that does not resolve yet is taken (DNS may answer later); every request
 * checks again what it connects to.
 */
export async function assertOutboundUrl(out: Pick<Outbound, 'config'>, raw: string): Promise<void> {
  await assertOutboundHost(out, parseTarget(raw).hostname);
}

/** The save-time check of a host an operator enters (SMTP), as assertOutboundUrl checks a URL's. */
export async function assertOutboundHost(out: Pick<Outbound, 'config'>, host: string): Promise<void> {
  try {
    await resolveChecked(out.config.outboundAllow, bareHost(host));
  } catch (error) {
    if (!(error instanceof OutboundFailure)) throw error;
  }
}

/**
 * The checked address to connect to a host by (SMTP: nodemailer is handed this address and keeps
 * the name for TLS), or the refusal, before any connection is tried.
 */
export async function outboundAddress(out: Pick<Outbound, 'config'>, host: string): Promise<string> {
  return (await resolveChecked(out.config.outboundAllow, bareHost(host))).address;
}

/**
 * A socket lookup under the policy, for clients that connect by themselves (the S3 SDK's agents):
 * every connection resolves the name again and connects only to a checked address. (A literal
 * address is never looked up: the save-time check of the URL is the check of what it connects to.)
 */
export function checkedLookup(allow: OutboundAllow): net.LookupFunction {
  return (host, options, callback) => {
    resolveChecked(allow, bareHost(host)).then(
      (address) => {
        if ((options as dns.LookupAllOptions).all) (callback as unknown as (error: null, all: dns.LookupAddress[]) => void)(null, [address]);
        else callback(null, address.address, address.family);
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };
}

export interface OutboundRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export interface OutboundAnswer {
  status: number;
  ok: boolean;
  text: string;
}

type Hop = { url: URL; method: 'GET' | 'POST'; body?: string };

/** One exchange with the address already checked: the socket connects to it whatever the name resolves to now. */
function exchange(hop: Hop, address: dns.LookupAddress, headers: Record<string, string>, signal: AbortSignal): Promise<OutboundAnswer & { location?: string }> {
  const lookup: net.LookupFunction = (_host, options, callback) => {
    if ((options as dns.LookupAllOptions).all) (callback as unknown as (error: null, all: dns.LookupAddress[]) => void)(null, [address]);
    else callback(null, address.address, address.family);
  };
  const client = hop.url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      hop.url,
      {
        method: hop.method,
        headers: hop.body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(hop.body)) },
        lookup,
        // no pooled socket: each request connects to the address it checked
        agent: false,
        signal,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > OUTBOUND_MAX_ANSWER_BYTES) {
            response.destroy();
            reject(new OutboundFailure('answer too large'));
          } else chunks.push(chunk);
        });
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          resolve({ status, ok: status >= 200 && status < 300, text: Buffer.concat(chunks).toString('utf8'), location: response.headers.location });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(hop.body);
  });
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * A request under the policy. Answers the status and text of the final answer (after redirects);
 * throws the refusal (AppError 400) for a target the policy refuses, or an OutboundFailure.
 */
export async function outboundRequest(out: Outbound, raw: string, init: OutboundRequest = {}): Promise<OutboundAnswer> {
  const signal = AbortSignal.timeout(OUTBOUND_TIMEOUT_MS);
  let hop: Hop = { url: parseTarget(raw), method: init.method ?? 'GET', body: init.body };
  const origin = hop.url.origin;
  for (let redirects = 0; ; redirects++) {
    const address = await resolveChecked(out.config.outboundAllow, bareHost(hop.url.hostname));
    // A gateway's headers sign its requests (app key, nonce, signature): they never go to another
    // origin, nor does a body a 307 or 308 would repeat there.
    const sameOrigin = hop.url.origin === origin;
    if (!sameOrigin && hop.body !== undefined) throw new OutboundFailure('redirected to another origin');
    const headers = sameOrigin ? (init.headers ?? {}) : {};
    let answer: OutboundAnswer & { location?: string };
    try {
      answer = await exchange(hop, address, headers, signal);
    } catch (error) {
      if (error instanceof OutboundFailure) throw error;
      out.log.debug({ host: hop.url.hostname, code: (error as NodeJS.ErrnoException).code }, 'outbound request failed');
      throw new OutboundFailure(signal.aborted ? 'timeout' : 'connection failed');
    }
    if (!REDIRECTS.has(answer.status) || !answer.location) return { status: answer.status, ok: answer.ok, text: answer.text };
    if (redirects === OUTBOUND_MAX_REDIRECTS) throw new OutboundFailure('too many redirects');
    let next: URL;
    try {
      next = new URL(answer.location, hop.url);
    } catch {
      throw new OutboundFailure('connection failed');
    }
    // 307 and 308 repeat the request as it was; the others turn it into a GET of the new place.
    const keep = answer.status === 307 || answer.status === 308;
    hop = { url: parseTarget(next.toString()), method: keep ? hop.method : 'GET', body: keep ? hop.body : undefined };
  }
}

/**
 * What the operator hears of an answer that is not a 2xx: its status only. The text goes to the
 * server log at debug, cut short, for whoever runs the server.
 */
export function foreignFailure(out: Outbound, what: string, answer: OutboundAnswer): string {
  out.log.debug({ status: answer.status, answer: answer.text.slice(0, 500) }, `${what} answered ${answer.status}`);
  return `HTTP ${answer.status}`;
}

/** A refusal of the policy passes through as it is; anything else is the caller's failure with a safe reason. */
export const isOutboundRefusal = (error: unknown): error is AppError =>
  error instanceof AppError && (error.code === 'OUTBOUND_HOST_REFUSED' || error.code === 'OUTBOUND_SCHEME_REFUSED' || error.code === 'OUTBOUND_URL_INVALID');
