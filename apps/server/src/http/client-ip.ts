import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import proxyAddr from 'proxy-addr';
import type { TrustProxy } from '../config/env';

type TrustFn = (address: string, hop: number) => boolean;

const compiled = new WeakMap<object, TrustFn>();

function trustFunction(trust: Exclude<TrustProxy, false>): TrustFn {
  let fn = compiled.get(trust);
  if (!fn) {
    if ('hops' in trust) {
      const { hops } = trust;
      fn = (_address, hop) => hop < hops;
    } else {
      fn = proxyAddr.compile(trust.ranges);
    }
    compiled.set(trust, fn);
  }
  return fn;
}

/** The socket's peer; app.request() in tests has no socket and stands for a local caller. */
function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/**
 * The client's address: the socket's peer, or, behind the proxies TRUST_PROXY names, the address
 * X-Forwarded-For holds just before the nearest untrusted hop (proxy-addr's rules: read from the right,
 * skipping only addresses we trust). The left-most entry is written by the client when the proxy appends,
 * so it is never taken as such; nobody escapes rate limits or fills the security log by inventing addresses.
 */
export function clientIp(c: Context, trustProxy: TrustProxy): string {
  const socket = socketAddress(c);
  if (!trustProxy) return socket ?? 'local';
  const request = {
    // Without a socket (tests) the peer is this machine: the proxy in front of us.
    socket: { remoteAddress: socket ?? '127.0.0.1' },
    connection: { remoteAddress: socket ?? '127.0.0.1' },
    headers: { 'x-forwarded-for': c.req.header('x-forwarded-for') },
  };
  return proxyAddr(request as unknown as Parameters<typeof proxyAddr>[0], trustFunction(trustProxy));
}
