// The client's address, for the per-address quotas: the socket's peer, or, behind proxies the operator trusts
// (TRUST_PROXY = how many of them append to X-Forwarded-For), the address the outermost trusted proxy saw. Without
// TRUST_PROXY the header is ignored: anyone can send it.
import { isIP } from 'node:net';
import { LIMITS } from '../runtime/limits.ts';

function normalise(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return (mapped ? mapped[1]! : address).toLowerCase();
}

export function clientAddress(socketAddress: string | undefined, forwardedFor: string | null, trustedProxies = LIMITS.trustProxy): string {
  const socket = normalise(socketAddress ?? '');
  if (trustedProxies === 0 || !forwardedFor) return socket;
  // Each proxy appends the address it received the request from; the last `trustedProxies` entries are ours, and
  // the entry just left of them is what the outermost trusted proxy saw. Everything further left is the client's word.
  const hops = forwardedFor
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const candidate = hops[Math.max(0, hops.length - trustedProxies)];
  return candidate && isIP(normalise(candidate)) ? normalise(candidate) : socket;
}

/**
 * The key one client address counts under: an IPv4 address as it is, an IPv6 address by its /64 network (one home
 * or phone usually gets a whole /64, so counting single addresses would let it rotate through billions).
 */
export function addressKey(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Whether the browser asked over HTTPS: the page's own URL, or the scheme a trusted proxy reports (TRUST_PROXY). */
export function viaHttps(url: URL, headers: { get(name: string): string | null }): boolean {
  if (url.protocol === 'https:') return true;
  return LIMITS.trustProxy > 0 && headers.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https';
}
