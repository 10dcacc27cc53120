/**
 * A whole count with commas between thousands: what `n.toLocaleString('en-US')` writes for a
 * whole number, without Intl. The first toLocaleString of a process loads ICU's number formatting
 * (50–500 ms, more on a busy host), and the CLI's progress line and the cases' reasons are the only
 * users of it in a run: a run need not pay that.
 * @example formatCount(1234567) // '1,234,567'
 */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n));
  let out = digits.length > 3 ? digits.slice(0, digits.length % 3 || 3) : digits;
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return n < 0 ? `-${out}` : out;
}
