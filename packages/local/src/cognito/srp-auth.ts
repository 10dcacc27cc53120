/**
 * USER_SRP_AUTH for cognito-local: InitiateAuth answers a PASSWORD_VERIFIER challenge, and the
 * client's PASSWORD_CLAIM_SIGNATURE is checked here. The server's secret `b` travels inside the
 * SECRET_BLOCK, sealed with AES-GCM under a key that never leaves this process, so no state is
 * kept between the two calls.
 */
import { createCipheriv, createDecipheriv, randomBytes, timingSafeEqual } from 'node:crypto';
import { incorrectCredentials, invalidParameter } from './cognito-errors.ts';
import {
  computeClaimSignature,
  computeServerB,
  computeSessionKey,
  computeVerifier,
  padHex,
  randomBigInt,
} from './srp-math.ts';

/** How long a client has to answer the challenge (Amplify keeps sign-in state for 180 s). */
const CHALLENGE_TTL_MS = 5 * 60_000;

interface SealedChallenge {
  userId: string;
  clientId: string;
  A: string;
  b: string;
  B: string;
  salt: string;
  expires: number;
}

export interface SrpUser {
  /** Cognito's internal user name (the `sub` in e-mail pools), which SRP hashes. */
  userId: string;
  password: string;
}

export class SrpAuthenticator {
  private readonly key = randomBytes(32);

  /** @param poolName the part of the pool id after "_", as Amplify derives it. */
  constructor(private readonly poolName: string) {}

  startChallenge(user: SrpUser, clientId: string, srpA: string) {
    const A = parseHex(srpA, 'SRP_A');
    const salt = randomBigInt(16);
    const b = randomBigInt(128);
    const B = computeServerB(computeVerifier(this.poolName, user.userId, user.password, salt), b);
    const sealed: SealedChallenge = {
      userId: user.userId,
      clientId,
      A: A.toString(16),
      b: b.toString(16),
      B: B.toString(16),
      salt: salt.toString(16),
      expires: Date.now() + CHALLENGE_TTL_MS,
    };
    return {
      ChallengeName: 'PASSWORD_VERIFIER',
      ChallengeParameters: {
        SALT: padHex(salt),
        SECRET_BLOCK: this.seal(sealed),
        SRP_B: B.toString(16),
        USERNAME: user.userId,
        USER_ID_FOR_SRP: user.userId,
      },
    };
  }

  /** Opens the SECRET_BLOCK the client echoes back; throws NotAuthorized when forged or stale. */
  openChallenge(secretBlock: string, clientId: string): SealedChallenge {
    const challenge = this.unseal(secretBlock);
    if (!challenge || challenge.clientId !== clientId || challenge.expires < Date.now()) throw incorrectCredentials();
    return challenge;
  }

  /** True when the signature proves knowledge of `password` for this challenge. */
  verifySignature(
    challenge: SealedChallenge,
    password: string,
    responses: { secretBlock: string; timestamp: string; signature: string },
  ): boolean {
    const verifier = computeVerifier(this.poolName, challenge.userId, password, BigInt(`0x${challenge.salt}`));
    const key = computeSessionKey({
      A: BigInt(`0x${challenge.A}`),
      B: BigInt(`0x${challenge.B}`),
      b: BigInt(`0x${challenge.b}`),
      verifier,
    });
    const expected = Buffer.from(
      computeClaimSignature({
        key,
        poolName: this.poolName,
        userId: challenge.userId,
        secretBlock: responses.secretBlock,
        timestamp: responses.timestamp,
      }),
      'base64',
    );
    const given = Buffer.from(responses.signature, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private seal(challenge: SealedChallenge): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(challenge), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
  }

  private unseal(secretBlock: string): SealedChallenge | undefined {
    try {
      const raw = Buffer.from(secretBlock, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      const json = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      return JSON.parse(json) as SealedChallenge;
    } catch {
      return undefined;
    }
  }
}

function parseHex(value: string, name: string): bigint {
  if (!/^[0-9a-fA-F]{1,2048}$/.test(value)) throw invalidParameter(`${name} must be a hexadecimal number`);
  return BigInt(`0x${value}`);
}
