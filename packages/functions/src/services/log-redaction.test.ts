import { describe, expect, it } from 'vitest';
import { createJsonLogger } from './build.ts';
import { REDACTED, redactingLogger, redactSecrets } from './log-redaction.ts';

const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhYmMifQ.c2lnbmF0dXJl';

describe('log redaction', () => {
  it('replaces values under secret names at any depth, keeping the rest', () => {
    expect(
      redactSecrets({
        email: 'a@example.com',
        temporaryPassword: 'Tmp-Pass-1!',
        nested: { idToken: JWT, RefreshToken: 'opaque', ConfirmationCode: '123456', code: 'ENOENT', count: 3 },
        ChallengeResponses: { PASSWORD_CLAIM_SIGNATURE: 'x', USERNAME: 'a' },
        list: [{ secret: 's' }],
      }),
    ).toEqual({
      email: 'a@example.com',
      temporaryPassword: REDACTED,
      nested: { idToken: REDACTED, RefreshToken: REDACTED, ConfirmationCode: REDACTED, code: 'ENOENT', count: 3 },
      ChallengeResponses: REDACTED,
      list: [{ secret: REDACTED }],
    });
  });

  it('cuts tokens and URL signatures out of any text', () => {
    expect(redactSecrets({ error: `bad token ${JWT} here`, url: 'http://x/blobs/k?op=put&exp=1&sig=abcDEF123&max=5', h: 'Bearer abcdefghijkl' })).toEqual({
      error: `bad token ${REDACTED} here`,
      url: `http://x/blobs/k?op=put&exp=1&sig=${REDACTED}&max=5`,
      h: `Bearer ${REDACTED}`,
    });
  });

  it('cuts the TOTP secret out of an otpauth:// URI and hides TOTP fields (SecretCode, UserCode, SOFTWARE_TOKEN_MFA_CODE)', () => {
    const uri = 'otpauth://totp/SAP%20Security%20Analyzer:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=SAP%20Security%20Analyzer';
    const out = redactSecrets({ text: `enrol with ${uri}`, SecretCode: 'JBSWY3DPEHPK3PXP', UserCode: '123456', SOFTWARE_TOKEN_MFA_CODE: '654321', FriendlyDeviceName: 'Phone' });
    expect(out).toEqual({
      text: `enrol with otpauth://totp/SAP%20Security%20Analyzer:ada%40example.com?secret=${REDACTED}&issuer=SAP%20Security%20Analyzer`,
      SecretCode: REDACTED,
      UserCode: REDACTED,
      SOFTWARE_TOKEN_MFA_CODE: REDACTED,
      FriendlyDeviceName: 'Phone',
    });
  });

  it('is applied by the JSON logger and by a wrapped logger', () => {
    const lines: string[] = [];
    createJsonLogger({}, (l) => lines.push(l)).info(`signed in with ${JWT}`, { password: 'p', user: 'u' });
    expect(lines[0]).not.toContain(JWT);
    expect(JSON.parse(lines[0]!)).toMatchObject({ msg: `signed in with ${REDACTED}`, password: REDACTED, user: 'u' });
    const seen: unknown[] = [];
    redactingLogger({ info: (m, d) => seen.push([m, d]), warn: () => {}, error: () => {} }).info('invite', { temporaryPassword: 'T' });
    expect(seen).toEqual([['invite', { temporaryPassword: REDACTED }]]);
  });
});
