/**
 * On AWS the API is called through its own CloudFront distribution (stacks/api-edge.ts), whose WAF
 * web ACL limits each client address. CloudFront adds a header to every request it sends to the
 * HTTP API; with API_REQUIRE_EDGE set, the API function refuses a request without it (one sent
 * to the execute-api address directly, around the per-client limit).
 *
 * The header's value is derived from the app secret (an HMAC, so the value CloudFront's
 * configuration shows does not reveal the secret): the stack computes it for the distribution,
 * the function computes it from its linked secret, and rotating the secret rotates both.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const EDGE_ORIGIN_HEADER = 'x-origin-verify';

/** The header value CloudFront sends, from the app secret. */
export function edgeOriginValue(appSecret: string): string {
  return createHmac('sha256', appSecret).update('sap-security-analyzer api edge origin v1').digest('base64url');
}

/** Whether the request carries the edge's header with the right value. */
export function fromEdge(headers: Record<string, string | undefined> | undefined, expected: string): boolean {
  const value = Object.entries(headers ?? {}).find(([k]) => k.toLowerCase() === EDGE_ORIGIN_HEADER)?.[1];
  if (!value) return false;
  const a = Buffer.from(value);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The viewer's address of a request that came through CloudFront: CloudFront appends the address
 * it saw to X-Forwarded-For (a client can only add hops to the left of it); the gateway's own
 * source address is CloudFront's, and may be appended after it. So the viewer is the rightmost
 * hop that is not the gateway's source address.
 */
export function viewerAddress(forwardedFor: string | undefined, sourceIp: string | undefined): string | undefined {
  const hops = (forwardedFor ?? '').split(',').map((h) => h.trim()).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) if (hops[i] !== sourceIp) return hops[i];
  return sourceIp;
}
