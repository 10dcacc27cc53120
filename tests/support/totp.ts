/**
 * TOTP codes for test sign-ins, as an authenticator app computes them (otpauth, 30 s, 6 digits).
 * The local pool accepts a code only for a step after the last one accepted (no replay), so
 * `nextTotpCode` hands out each step once per secret, across processes (the browser suite's
 * workers): the last step used is kept in a file under the temp folder. When the usable steps
 * (the previous, current and next one) are used up, it waits for the clock.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';

const PERIOD_MS = 30_000;
/** The previous step is used only with this much time left in the current one (the server may see a later clock). */
const SAFETY_MS = 6_000;
const DIR = join(tmpdir(), 'sap-analyzer-test-totp');

/** A new random base32 secret (160 bits), as Cognito's AssociateSoftwareToken hands out. */
export function randomTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpCode(secret: string, at = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), period: 30, digits: 6 }).generate({ timestamp: at });
}

function stateFile(secret: string): string {
  return join(DIR, createHash('sha256').update(secret).digest('hex').slice(0, 32));
}

function lastStep(secret: string): number {
  try {
    return Number(readFileSync(stateFile(secret), 'utf8')) || -1;
  } catch {
    return -1;
  }
}

/** A code for a step not handed out before for this secret (waits up to ~30 s when needed). */
export async function nextTotpCode(secret: string): Promise<string> {
  mkdirSync(DIR, { recursive: true, mode: 0o700 });
  for (;;) {
    const now = Date.now();
    const current = Math.floor(now / PERIOD_MS);
    const intoStep = now - current * PERIOD_MS;
    const earliest = intoStep < PERIOD_MS - SAFETY_MS ? current - 1 : current;
    const step = Math.max(earliest, lastStep(secret) + 1);
    if (step <= current + 1) {
      writeFileSync(stateFile(secret), String(step), { mode: 0o600 });
      return totpCode(secret, step * PERIOD_MS);
    }
    await new Promise((r) => setTimeout(r, (current + 1) * PERIOD_MS - now + 50));
  }
}
