/**
 * HMAC signatures for the local blob store's URLs, standing in for S3 presigning: the URL names
 * the operation, the key, the expiry and (for downloads) the name and type to answer with, and
 * changing any of them breaks the signature.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type BlobOp = 'put' | 'get';

export interface SignedBlobParams {
  op: BlobOp;
  key: string;
  /** Unix seconds. */
  exp: number;
  name?: string;
  type?: string;
  /** Uploads: the most bytes the URL may write. */
  max?: number;
}

export function signBlobParams(secret: string, p: SignedBlobParams): string {
  const text = ['blob', p.op, p.key, String(p.exp), p.name ?? '', p.type ?? '', p.max === undefined ? '' : String(p.max)].join('\n');
  return createHmac('sha256', secret).update(text).digest('base64url');
}

export type SignatureVerdict = 'ok' | 'invalid' | 'expired';

export function verifyBlobSignature(secret: string, p: SignedBlobParams, sig: string | null, nowMs = Date.now()): SignatureVerdict {
  if (!sig) return 'invalid';
  const expected = Buffer.from(signBlobParams(secret, p));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  if (!Number.isFinite(p.exp) || p.exp * 1000 < nowMs) return 'expired';
  return 'ok';
}
