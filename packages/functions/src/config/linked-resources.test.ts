import { createCipheriv, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './index.ts';
import { readLinkedResources } from './linked-resources.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** resource.enc as the SST CLI writes it: AES-256-GCM, zero nonce, tag appended. */
function writeLinks(links: unknown): { SST_KEY: string; SST_KEY_FILE: string } {
  const dir = mkdtempSync(join(tmpdir(), 'links-'));
  dirs.push(dir);
  const key = randomBytes(32);
  const cipher = createCipheriv('aes-256-gcm', key, Buffer.alloc(12, 0));
  const file = join(dir, 'resource.enc');
  writeFileSync(file, Buffer.concat([cipher.update(JSON.stringify(links)), cipher.final(), cipher.getAuthTag()]));
  return { SST_KEY: key.toString('base64'), SST_KEY_FILE: file };
}

const awsEnv = { APP_MODE: 'aws', TABLE_NAME: 't', USER_POOL_ID: 'eu-central-1_x', USER_POOL_CLIENT_ID: 'c' };

describe('linked resources', () => {
  it('reads the app secret and the AI key from the encrypted link file, not the environment', () => {
    const env = { ...awsEnv, ...writeLinks({ AppSecret: { value: 's3cr3t-from-link', type: 'sst.sst.Secret' }, AiApiKey: { value: 'sk-linked' } }) };
    const config = loadConfig(env);
    expect(config.secret).toBe('s3cr3t-from-link');
    expect(config.ai.apiKey).toBe('sk-linked');
  });

  it('lets an explicit variable win (local mode sets APP_SECRET)', () => {
    const env = { ...awsEnv, APP_SECRET: 'from-env', ...writeLinks({ AppSecret: { value: 'from-link' } }) };
    expect(loadConfig(env).secret).toBe('from-env');
  });

  it('says which setting is missing when nothing provides the secret', () => {
    expect(() => loadConfig(awsEnv)).toThrow('Missing configuration APP_SECRET');
    expect(readLinkedResources(awsEnv)).toEqual({});
  });

  it('refuses a link file encrypted under another key', () => {
    const env = writeLinks({ AppSecret: { value: 'x' } });
    expect(() => readLinkedResources({ ...env, SST_KEY: randomBytes(32).toString('base64') })).toThrow(/authenticate/);
  });
});
