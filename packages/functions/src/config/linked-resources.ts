/**
 * Resources SST links to a function (`link: [...]` in stacks/): the CLI writes their properties,
 * encrypted with AES-256-GCM under the function's SST_KEY (zero nonce, tag appended), to the file
 * SST_KEY_FILE beside the bundle, as the `sst` package's Resource reads them. Secrets arrive this
 * way instead of in plain environment variables.
 */
import { createDecipheriv } from 'node:crypto';
import { readFileSync } from 'node:fs';

export type LinkedResources = Record<string, Record<string, unknown> | undefined>;

export function readLinkedResources(env: Record<string, string | undefined>): LinkedResources {
  if (!env.SST_KEY || !env.SST_KEY_FILE) return {};
  const encrypted = readFileSync(env.SST_KEY_FILE);
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(env.SST_KEY, 'base64'), Buffer.alloc(12, 0));
  decipher.setAuthTag(encrypted.subarray(-16));
  const plain = Buffer.concat([decipher.update(encrypted.subarray(0, -16)), decipher.final()]);
  return JSON.parse(plain.toString('utf8')) as LinkedResources;
}

/** The value of a linked `sst.Secret`, or undefined when the function has no such link. */
export function linkedSecret(resources: LinkedResources, name: string): string | undefined {
  const value = resources[name]?.value;
  return typeof value === 'string' ? value : undefined;
}
