import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingHttpHeaders, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The one way the server makes a request to an address a user chose (push endpoints today; webhooks
 * and provider URLs later). Such a request must not reach this machine or the network it sits in
 * (server-side request forgery), so:
 *
 * - only https, to public unicast addresses; loopback, private, link-local, unique-local, carrier-grade
 *   NAT, multicast, reserved and the IPv6 forms that embed an IPv4 address (IPv4-mapped, NAT64, 6to4,
 *   Teredo) are refused, judged on the addresses DNS gives (every one of them), and the connection goes
 *   to the very address that was checked, so a second DNS answer cannot swap it (DNS rebinding);
 * - the same checks on every redirect, and only a few redirects;
 * - an optional host rule on top (push: the known push services' hosts);
 * - a time limit for the whole exchange and a size limit on the answer.
 *
 * `allowPrivate` (OUTBOUND_ALLOW_PRIVATE) lets self-hosters reach services on their own network, and tests
 * reach their fakes on 127.0.0.1: `true` for every non-public address, or a list of ranges. Plain http is
 * accepted only to such an allowed private address.
 */

export type OutboundPolicy = {
  /** Non-public addresses that may be reached: none (false), all (true), or these CIDR ranges. */
  allowPrivate: boolean | readonly string[];
  /** Extra rule on the host name for public addresses (push services); any public host when absent. */
  allowHost?: (hostname: string) => boolean;
  /** Said in the refusal when `allowHost` refuses (e.g. "a known push service"). */
  hostRule?: string;
};

export type OutboundRequest = {
  method?: string;
  headers?: Record<string, string>;
  body?: Uint8Array;
  /** The whole exchange, redirects included (default 10 s). */
  timeoutMs?: number;
  /** Largest answer body read (default 1 MiB); a larger one fails the request. */
  maxResponseBytes?: number;
  /** Redirects followed, each checked like the first URL (default 3; 0 returns the 3xx as it is). */
  maxRedirects?: number;
};

export type OutboundResponse = { status: number; headers: IncomingHttpHeaders; body: Buffer; url: string };

/** Why a URL may not be requested; the message names no address (it may come from DNS). */
export class OutboundRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundRefusedError';
  }
}

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

const compiledRanges = new WeakMap<readonly string[], Range[]>();

function rangesOf(list: readonly string[]): Range[] {
  let ranges = compiledRanges.get(list);
  if (!ranges) {
    ranges = list.map((text) => {
      const parsed = text.includes('/') ? ipaddr.parseCIDR(text) : ipaddr.parse(text);
      if (Array.isArray(parsed)) return parsed as Range;
      const address = parsed as ipaddr.IPv4 | ipaddr.IPv6;
      return [address, address.kind() === 'ipv4' ? 32 : 128] as Range;
    });
    compiledRanges.set(list, ranges);
  }
  return ranges;
}

/** An IPv4-mapped IPv6 address is judged as the IPv4 address it is. */
function normalise(address: string): ipaddr.IPv4 | ipaddr.IPv6 {
  return ipaddr.process(address.replace(/^\[|\]$/g, ''));
}

/** True for a public unicast address (ipaddr.js classifies every special-purpose range otherwise). */
export function isPublicAddress(address: string): boolean {
  try {
    return normalise(address).range() === 'unicast';
  } catch {
    return false;
  }
}

function isAllowedPrivate(address: string, policy: OutboundPolicy): boolean {
  if (policy.allowPrivate === true) return true;
  if (policy.allowPrivate === false) return false;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = normalise(address);
  } catch {
    return false;
  }
  return rangesOf(policy.allowPrivate).some(
    ([range, bits]) => range.kind() === parsed.kind() && parsed.match(range, bits),
  );
}

/** Checks one resolved address for a URL; throws OutboundRefusedError. */
function assertAddress(address: string, url: URL, policy: OutboundPolicy): void {
  if (isPublicAddress(address)) {
    if (url.protocol !== 'https:') throw new OutboundRefusedError('Only https URLs may be requested');
    if (policy.allowHost && !policy.allowHost(url.hostname.toLowerCase())) {
      throw new OutboundRefusedError(`The host is not ${policy.hostRule ?? 'allowed'}`);
    }
    return;
  }
  if (!isAllowedPrivate(address, policy)) {
    throw new OutboundRefusedError(
      'The URL leads to a loopback, private or otherwise non-public address, which is not allowed',
    );
  }
}

/** What can be known without DNS: scheme and credentials. */
function parseTarget(target: string | URL): URL {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new OutboundRefusedError('Not a valid URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new OutboundRefusedError('Only https URLs may be requested');
  }
  if (url.username || url.password) throw new OutboundRefusedError('A URL may not carry credentials');
  return url;
}

function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

function resolveAll(hostname: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
      if (error) reject(new OutboundRefusedError('The host name does not resolve'));
      else resolve(addresses);
    }),
  );
}

/**
 * Checks a URL as a request to it would be checked (scheme, host rule, every DNS address), without
 * connecting: for validating a URL when a user saves it. The request itself checks again.
 */
export async function assertOutboundUrl(target: string | URL, policy: OutboundPolicy): Promise<URL> {
  const url = parseTarget(target);
  const host = hostOf(url);
  const addresses = isIP(host) ? [host] : (await resolveAll(host)).map((entry) => entry.address);
  if (addresses.length === 0) throw new OutboundRefusedError('The host name does not resolve');
  for (const address of addresses) assertAddress(address, url, policy);
  return url;
}

/** A DNS lookup for node:http that refuses the host unless every address it has passes the policy. */
function guardedLookup(url: URL, policy: OutboundPolicy): LookupFunction {
  return (hostname, options, callback) => {
    resolveAll(hostname).then(
      (addresses) => {
        try {
          if (addresses.length === 0) throw new OutboundRefusedError('The host name does not resolve');
          for (const entry of addresses) assertAddress(entry.address, url, policy);
        } catch (error) {
          callback(error as NodeJS.ErrnoException, '', 0);
          return;
        }
        const wanted = options.family === 6 ? 6 : options.family === 4 ? 4 : undefined;
        const chosen = addresses.filter((entry) => wanted === undefined || entry.family === wanted);
        if (options.all) callback(null, chosen);
        else {
          const first = chosen[0] ?? addresses[0];
          callback(null, first?.address ?? '', first?.family ?? 4);
        }
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function once(
  url: URL,
  init: OutboundRequest,
  policy: OutboundPolicy,
  signal: AbortSignal,
  maxBytes: number,
): Promise<OutboundResponse> {
  const host = hostOf(url);
  // A literal address never reaches the lookup: check it here.
  if (isIP(host)) assertAddress(host, url, policy);
  const options: RequestOptions = {
    method: init.method ?? 'GET',
    headers: {
      ...init.headers,
      ...(init.body ? { 'content-length': String(init.body.byteLength) } : {}),
    },
    signal,
    lookup: guardedLookup(url, policy),
    // No keep-alive pool: every connection is made (and checked) for this request.
    agent: false,
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(url, options, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          request.destroy(new OutboundRefusedError(`The answer is larger than ${maxBytes} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
          url: url.toString(),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(init.body);
  });
}

/**
 * Makes the request under the policy. Throws OutboundRefusedError when the policy refuses the URL or a
 * redirect, and the usual network errors (an abort when `timeoutMs` passes) otherwise.
 */
export async function outboundRequest(
  target: string | URL,
  init: OutboundRequest,
  policy: OutboundPolicy,
): Promise<OutboundResponse> {
  const signal = AbortSignal.timeout(init.timeoutMs ?? 10_000);
  const maxBytes = init.maxResponseBytes ?? 1024 * 1024;
  let redirectsLeft = init.maxRedirects ?? 3;
  let url = parseTarget(target);
  let current = init;
  for (;;) {
    const response = await once(url, current, policy, signal, maxBytes);
    const location = response.headers.location;
    if (!REDIRECTS.has(response.status) || !location || (init.maxRedirects ?? 3) === 0) return response;
    if (redirectsLeft === 0) throw new OutboundRefusedError('Too many redirects');
    redirectsLeft -= 1;
    const next = parseTarget(new URL(location, url));
    if (next.origin !== url.origin && current.headers) {
      // Credentials meant for one host never follow a redirect to another.
      const headers = Object.fromEntries(
        Object.entries(current.headers).filter(([name]) => !/^(authorization|cookie)$/i.test(name)),
      );
      current = { ...current, headers };
    }
    url = next;
    const becomesGet =
      response.status === 303 ||
      ((response.status === 301 || response.status === 302) && current.method === 'POST');
    if (becomesGet) current = { ...current, method: 'GET', body: undefined };
  }
}
