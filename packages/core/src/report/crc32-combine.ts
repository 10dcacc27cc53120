/**
 * CRC-32 of A‖B from crc(A), crc(B) and B's length, without the bytes (zlib's crc32_combine,
 * GF(2) matrix method). Lets parts of one ZIP entry be compressed in different threads.
 */
function gf2Times(mat: Uint32Array, vec: number): number {
  let sum = 0;
  for (let i = 0; vec !== 0; i++, vec >>>= 1) if (vec & 1) sum ^= mat[i]!;
  return sum >>> 0;
}

function gf2Square(square: Uint32Array, mat: Uint32Array): void {
  for (let n = 0; n < 32; n++) square[n] = gf2Times(mat, mat[n]!);
}

export function crc32Combine(crc1: number, crc2: number, len2: number): number {
  if (len2 <= 0) return crc1 >>> 0;
  const even = new Uint32Array(32);
  const odd = new Uint32Array(32);
  odd[0] = 0xedb88320; // the CRC-32 polynomial: operator for one zero bit
  for (let n = 1, row = 1; n < 32; n++, row <<= 1) odd[n] = row >>> 0;
  gf2Square(even, odd); // two zero bits
  gf2Square(odd, even); // four zero bits
  let crc = crc1 >>> 0;
  let len = len2;
  do {
    gf2Square(even, odd);
    if (len % 2 === 1) crc = gf2Times(even, crc);
    len = Math.floor(len / 2);
    if (len === 0) break;
    gf2Square(odd, even);
    if (len % 2 === 1) crc = gf2Times(odd, crc);
    len = Math.floor(len / 2);
  } while (len !== 0);
  return (crc ^ crc2) >>> 0;
}
