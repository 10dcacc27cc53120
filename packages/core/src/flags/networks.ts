/**
 * The organisation's networks (setting `networks`, CIDR ranges such as 10.0.0.0/8 or fd00::/8):
 * UNEXPECTED_NETWORK_LOGON asks whether a logon's peer address lies inside one of them.
 */

/** An address as 16 bytes (IPv4 mapped into ::ffff:0:0/96), or undefined when it is not an IP address. */
export function parseAddress(text: string): Uint8Array | undefined {
  const s = text.trim();
  if (s === '') return undefined;
  const v4 = parseIpv4(s);
  if (v4 !== undefined) {
    const out = new Uint8Array(16);
    out[10] = 0xff;
    out[11] = 0xff;
    out.set(v4, 12);
    return out;
  }
  return parseIpv6(s.startsWith('[') && s.endsWith(']') ? s.slice(1, -1) : s);
}

function parseIpv4(s: string): Uint8Array | undefined {
  const parts = s.split('.');
  if (parts.length !== 4) return undefined;
  const out = new Uint8Array(4);
  for (let i = 0; i < 4; i++) {
    const p = parts[i]!;
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255) return undefined;
    out[i] = Number(p);
  }
  return out;
}

function parseIpv6(s: string): Uint8Array | undefined {
  if (!/^[0-9a-fA-F:.]+$/.test(s) || !s.includes(':')) return undefined;
  const halves = s.split('::');
  if (halves.length > 2) return undefined;
  const groups = (h: string): number[] | undefined => {
    if (h === '') return [];
    const out: number[] = [];
    const parts = h.split(':');
    for (let i = 0; i < parts.length; i++) {
      const p = parts[i]!;
      if (i === parts.length - 1 && p.includes('.')) {
        const v4 = parseIpv4(p);
        if (!v4) return undefined;
        out.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      } else if (/^[0-9a-fA-F]{1,4}$/.test(p)) out.push(parseInt(p, 16));
      else return undefined;
    }
    return out;
  };
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  if (!head || !tail) return undefined;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const all = [...head, ...new Array<number>(halves.length === 2 ? missing : 0).fill(0), ...tail];
  const out = new Uint8Array(16);
  all.forEach((g, i) => {
    out[i * 2] = g >> 8;
    out[i * 2 + 1] = g & 0xff;
  });
  return out;
}

interface Range {
  base: Uint8Array;
  bits: number;
}

/**
 * Why a network entry is not a CIDR range, or undefined when it is one.
 * @example cidrProblem('10.0.0.0/8') // undefined
 * @example cidrProblem('10.0.0.0/33') // "10.0.0.0/33: the prefix length must be 0 to 32 for an IPv4 address"
 */
export function cidrProblem(entry: string): string | undefined {
  return typeof parseRange(entry) === 'string' ? (parseRange(entry) as string) : undefined;
}

function parseRange(entry: string): Range | string {
  const s = entry.trim();
  const slash = s.indexOf('/');
  const addr = slash < 0 ? s : s.slice(0, slash);
  const bytes = parseAddress(addr);
  const v4 = parseIpv4(addr) !== undefined;
  if (bytes === undefined) return `${s || '(empty)'}: not a CIDR range such as 10.0.0.0/8 or 192.168.10.0/24 (the address is not an IPv4 or IPv6 address)`;
  const max = v4 ? 32 : 128;
  let bits = max;
  if (slash >= 0) {
    const p = s.slice(slash + 1);
    if (!/^\d{1,3}$/.test(p) || Number(p) > max) return `${s}: the prefix length must be 0 to ${max} for an ${v4 ? 'IPv4' : 'IPv6'} address`;
    bits = Number(p);
  }
  return { base: bytes, bits: v4 ? bits + 96 : bits };
}

function inRange(a: Uint8Array, r: Range): boolean {
  let bits = r.bits;
  for (let i = 0; i < 16 && bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if ((a[i]! & mask) !== (r.base[i]! & mask)) return false;
  }
  return true;
}

/** Answers "is this peer address outside every network?" (memoised per address); off when the list is empty. */
export interface NetworkCheck {
  readonly empty: boolean;
  /** True when `address` (IP without port) is an IP address inside none of the networks; an empty or unreadable address is not judged (false). */
  outside(address: string): boolean;
}

/** Entries that are not CIDR ranges are left out (the settings reject them before they get here). */
export function createNetworkCheck(networks: readonly string[]): NetworkCheck {
  const ranges = networks.map(parseRange).filter((r): r is Range => typeof r !== 'string');
  const seen = new Map<string, boolean>();
  return {
    empty: ranges.length === 0,
    outside(address) {
      if (ranges.length === 0 || address === '') return false;
      let r = seen.get(address);
      if (r === undefined) {
        const a = parseAddress(address);
        r = a !== undefined && !ranges.some((n) => inRange(a, n));
        if (seen.size > 50_000) seen.clear();
        seen.set(address, r);
      }
      return r;
    },
  };
}
