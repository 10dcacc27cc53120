/**
 * A bare SRP client for attack tests: the client half of Cognito's USER_SRP_AUTH (the SRP-6a
 * formulas Amplify uses), so a test can answer PASSWORD_VERIFIER with any ChallengeResponses it
 * likes (no USERNAME, a random one) instead of what Amplify would send.
 */
import { createHash, createHmac } from 'node:crypto';
import { computeClaimSignature, g, modPow, N, padHex, randomBigInt } from '@app/local/cognito/srp-math.ts';

const sha = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

export interface SrpStart {
  a: bigint;
  /** SRP_A to send with InitiateAuth USER_SRP_AUTH. */
  srpA: string;
}

export function startSrp(): SrpStart {
  const a = randomBigInt(128);
  return { a, srpA: modPow(g, a, N).toString(16) };
}

/** PASSWORD_CLAIM_SIGNATURE and TIMESTAMP for `password` against the server's challenge parameters. */
export function answerSrp(
  start: SrpStart,
  poolName: string,
  params: { SALT: string; SRP_B: string; SECRET_BLOCK: string; USER_ID_FOR_SRP: string },
  password: string,
): { PASSWORD_CLAIM_SIGNATURE: string; PASSWORD_CLAIM_SECRET_BLOCK: string; TIMESTAMP: string } {
  const A = modPow(g, start.a, N);
  const B = BigInt(`0x${params.SRP_B}`);
  const salt = BigInt(`0x${params.SALT}`);
  const k = BigInt(`0x${sha(padHex(N) + padHex(g))}`);
  const u = BigInt(`0x${sha(padHex(A) + padHex(B))}`);
  const inner = createHash('sha256').update(`${poolName}${params.USER_ID_FOR_SRP}:${password}`).digest('hex');
  const x = BigInt(`0x${sha(padHex(salt) + inner)}`);
  const base = (((B - k * modPow(g, x, N)) % N) + N) % N;
  const S = modPow(base, start.a + u * x, N);
  const prk = createHmac('sha256', Buffer.from(padHex(u), 'hex')).update(Buffer.from(padHex(S), 'hex')).digest();
  const key = createHmac('sha256', prk).update('Caldera Derived Key\u0001').digest().subarray(0, 16);
  const timestamp = new Date().toUTCString();
  return {
    PASSWORD_CLAIM_SECRET_BLOCK: params.SECRET_BLOCK,
    TIMESTAMP: timestamp,
    PASSWORD_CLAIM_SIGNATURE: computeClaimSignature({ key, poolName, userId: params.USER_ID_FOR_SRP, secretBlock: params.SECRET_BLOCK, timestamp }),
  };
}
