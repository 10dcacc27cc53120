import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { computeClaimSignature, computeServerB, computeSessionKey, computeVerifier, g, modPow, N, padHex, randomBigInt } from './srp-math.ts';
import { SrpAuthenticator } from './srp-auth.ts';

const sha = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

/** The client half, written from the SRP-6a formulas (S = (B - k·g^x)^(a + u·x)), as Amplify does it. */
function clientKey(input: { poolName: string; userId: string; password: string; salt: bigint; B: bigint; a: bigint }) {
  const A = modPow(g, input.a, N);
  const k = BigInt(`0x${sha(padHex(N) + padHex(g))}`);
  const u = BigInt(`0x${sha(padHex(A) + padHex(input.B))}`);
  const inner = createHash('sha256').update(`${input.poolName}${input.userId}:${input.password}`).digest('hex');
  const x = BigInt(`0x${sha(padHex(input.salt) + inner)}`);
  const base = (((input.B - k * modPow(g, x, N)) % N) + N) % N;
  const S = modPow(base, input.a + u * x, N);
  const prk = createHmac('sha256', Buffer.from(padHex(u), 'hex')).update(Buffer.from(padHex(S), 'hex')).digest();
  return { A, key: createHmac('sha256', prk).update('Caldera Derived Key\u0001').digest().subarray(0, 16) };
}

describe('padHex', () => {
  it('matches the two-complement encoding Amplify and Java use for positive numbers', () => {
    expect(padHex(20n)).toBe('14');
    expect(padHex(236n)).toBe('00ec');
    expect(padHex(200n)).toBe('00c8');
    expect(padHex(0x1abcn)).toBe('1abc');
    expect(padHex(0xabcn)).toBe('0abc');
  });
});

describe('modPow', () => {
  it('computes modular powers', () => {
    expect(modPow(4n, 13n, 497n)).toBe(445n);
    expect(modPow(2n, 0n, 7n)).toBe(1n);
    expect(modPow(-3n, 3n, 7n)).toBe(1n);
  });
});

describe('SRP round trip', () => {
  it('derives the same key on both sides only when the password matches', () => {
    const salt = randomBigInt(16);
    const b = randomBigInt(128);
    const a = randomBigInt(128);
    const verifier = computeVerifier('AbCd1234', 'user-id', 'Passw0rd!', salt);
    const B = computeServerB(verifier, b);
    const right = clientKey({ poolName: 'AbCd1234', userId: 'user-id', password: 'Passw0rd!', salt, B, a });
    const wrong = clientKey({ poolName: 'AbCd1234', userId: 'user-id', password: 'Passw0rd?', salt, B, a });
    const serverKey = computeSessionKey({ A: right.A, B, b, verifier });
    expect(serverKey.toString('hex')).toBe(right.key.toString('hex'));
    expect(serverKey.toString('hex')).not.toBe(wrong.key.toString('hex'));
  });

  it('rejects A ≡ 0 (mod N), which would let a client skip the password', () => {
    expect(() => computeSessionKey({ A: N, B: 5n, b: 7n, verifier: 3n })).toThrow('A must not be zero modulo N');
  });
});

describe('SrpAuthenticator', () => {
  const user = { userId: '6f1c1b4e-5b0c-4d7e-9c7a-3a1d2e4f5a6b', password: 'Passw0rd!' };

  function answer(auth: SrpAuthenticator, password: string) {
    const a = randomBigInt(128);
    const A = modPow(g, a, N);
    const challenge = auth.startChallenge(user, 'client-1', A.toString(16));
    const p = challenge.ChallengeParameters;
    const { key } = clientKey({ poolName: 'Pool1234', userId: p.USER_ID_FOR_SRP, password, salt: BigInt(`0x${p.SALT}`), B: BigInt(`0x${p.SRP_B}`), a });
    const timestamp = 'Sat Nov 21 14:00:00 UTC 2026';
    const signature = computeClaimSignature({ key, poolName: 'Pool1234', userId: p.USER_ID_FOR_SRP, secretBlock: p.SECRET_BLOCK, timestamp });
    return { secretBlock: p.SECRET_BLOCK, timestamp, signature, challenge };
  }

  it('answers PASSWORD_VERIFIER with the internal user id and accepts a correct signature', () => {
    const auth = new SrpAuthenticator('Pool1234');
    const responses = answer(auth, user.password);
    expect(responses.challenge.ChallengeName).toBe('PASSWORD_VERIFIER');
    expect(responses.challenge.ChallengeParameters.USER_ID_FOR_SRP).toBe(user.userId);
    const opened = auth.openChallenge(responses.secretBlock, 'client-1');
    expect(auth.verifySignature(opened, user.password, responses)).toBe(true);
    expect(auth.verifySignature(opened, user.password, { ...responses, timestamp: 'Sat Nov 21 14:00:01 UTC 2026' })).toBe(false);
  });

  it('refuses a signature made with the wrong password', () => {
    const auth = new SrpAuthenticator('Pool1234');
    const responses = answer(auth, 'Not-the-Passw0rd');
    expect(auth.verifySignature(auth.openChallenge(responses.secretBlock, 'client-1'), user.password, responses)).toBe(false);
  });

  it('refuses a secret block that was tampered with, issued by another instance or for another client', () => {
    const auth = new SrpAuthenticator('Pool1234');
    const { secretBlock } = answer(auth, user.password);
    const raw = Buffer.from(secretBlock, 'base64');
    raw[raw.length - 1] ^= 1;
    expect(() => auth.openChallenge(raw.toString('base64'), 'client-1')).toThrow('Incorrect username or password.');
    expect(() => new SrpAuthenticator('Pool1234').openChallenge(secretBlock, 'client-1')).toThrow('Incorrect username or password.');
    expect(() => auth.openChallenge(secretBlock, 'client-2')).toThrow('Incorrect username or password.');
  });

  it('refuses an SRP_A that is not hexadecimal', () => {
    expect(() => new SrpAuthenticator('Pool1234').startChallenge(user, 'client-1', 'xyz')).toThrow('SRP_A must be a hexadecimal number');
  });
});
