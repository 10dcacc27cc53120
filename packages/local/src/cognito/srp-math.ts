/**
 * Server side of Cognito's SRP-6a variant, the same maths as Amplify's SRP helper
 * (`@aws-amplify/auth/.../utils/srp`): 3072-bit group, SHA-256, HKDF "Caldera Derived Key".
 * cognito-local cannot do this itself; because it keeps passwords in plain text, the launcher
 * can derive the verifier on the fly and check the client's PASSWORD_CLAIM_SIGNATURE.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';

const N_HEX =
  'FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
  'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
  'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
  '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
  'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
  '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
  'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
  'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF';

export const N = BigInt(`0x${N_HEX}`);
export const g = 2n;

/** Even-length hex with a leading 00 when the top bit is set (Java BigInteger.toByteArray, positive only). */
export function padHex(n: bigint): string {
  let hex = n.toString(16);
  if (hex.length % 2 === 1) hex = `0${hex}`;
  return /^[89a-f]/i.test(hex) ? `00${hex}` : hex;
}

function hashHex(hex: string): string {
  return createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');
}

function hashText(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = ((base % modulus) + modulus) % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    e >>= 1n;
    b = (b * b) % modulus;
  }
  return result;
}

const k = BigInt(`0x${hashHex(padHex(N) + padHex(g))}`);

export function randomBigInt(bytes: number): bigint {
  return BigInt(`0x${randomBytes(bytes).toString('hex')}`);
}

/** Password verifier v = g^x, x = H(salt | H(poolName | userId | ":" | password)). */
export function computeVerifier(poolName: string, userId: string, password: string, salt: bigint): bigint {
  const inner = hashText(`${poolName}${userId}:${password}`);
  const x = BigInt(`0x${hashHex(padHex(salt) + inner)}`);
  return modPow(g, x, N);
}

/** Server public value B = k·v + g^b (mod N); retries the (astronomically unlikely) B ≡ 0. */
export function computeServerB(verifier: bigint, b: bigint): bigint {
  const B = (k * verifier + modPow(g, b, N)) % N;
  if (B === 0n) throw new Error('B must not be zero');
  return B;
}

/** The 16-byte key both sides derive: HKDF-SHA256(ikm = S, salt = u, info = "Caldera Derived Key\x01"). */
export function computeSessionKey(input: { A: bigint; B: bigint; b: bigint; verifier: bigint }): Buffer {
  const { A, B, b, verifier } = input;
  if (A % N === 0n) throw new Error('A must not be zero modulo N');
  const u = BigInt(`0x${hashHex(padHex(A) + padHex(B))}`);
  if (u === 0n) throw new Error('u must not be zero');
  const S = modPow((A * modPow(verifier, u, N)) % N, b, N);
  const prk = createHmac('sha256', Buffer.from(padHex(u), 'hex')).update(Buffer.from(padHex(S), 'hex')).digest();
  return createHmac('sha256', prk).update(Buffer.from('Caldera Derived Key\u0001', 'utf8')).digest().subarray(0, 16);
}

/** PASSWORD_CLAIM_SIGNATURE = base64(HMAC(key, poolName | userId | secretBlock | timestamp)). */
export function computeClaimSignature(input: {
  key: Buffer;
  poolName: string;
  userId: string;
  secretBlock: string;
  timestamp: string;
}): string {
  return createHmac('sha256', input.key)
    .update(Buffer.from(input.poolName, 'utf8'))
    .update(Buffer.from(input.userId, 'utf8'))
    .update(Buffer.from(input.secretBlock, 'base64'))
    .update(Buffer.from(input.timestamp, 'utf8'))
    .digest('base64');
}
