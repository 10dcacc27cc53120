import { describe, expect, it } from 'vitest';
import { BlobNotFoundError } from '../../ports/index.ts';
import { createS3BlobStore, createS3Client, isWorkKey } from './s3-store.ts';

// Presigning is computed locally: no network, only fixed credentials.
const client = createS3Client({ region: 'eu-central-1' }, { credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' } });
const store = createS3BlobStore({ region: 'eu-central-1', bucketName: 'uploads-bucket' }, client);

describe('S3 blob store presigning', () => {
  it('signs a PUT for the exact key, without an empty-body checksum', async () => {
    const url = new URL(await store.presignPut('users/abc/uploads/f1/sm20.csv', 'text/csv', 900));
    expect(url.hostname).toBe('uploads-bucket.s3.eu-central-1.amazonaws.com');
    expect(url.pathname).toBe('/users/abc/uploads/f1/sm20.csv');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    // With the SDK's default (WHEN_SUPPORTED) these appear and the browser's PUT fails.
    const names = [...url.searchParams.keys()].map((k) => k.toLowerCase());
    expect(names.filter((k) => k.includes('checksum'))).toEqual([]);
  });

  it('signs a form POST that S3 refuses above the size limit or with another key or type', async () => {
    const { url, fields } = await store.presignPost!('users/abc/uploads/f1/sm20.csv', 'text/csv', 104_857_600, 900);
    expect(url).toBe('https://uploads-bucket.s3.eu-central-1.amazonaws.com/');
    expect(fields).toMatchObject({ key: 'users/abc/uploads/f1/sm20.csv', 'Content-Type': 'text/csv', 'X-Amz-Algorithm': 'AWS4-HMAC-SHA256' });
    expect(fields['X-Amz-Signature']).toMatch(/^[0-9a-f]{64}$/);
    const policy = JSON.parse(Buffer.from(fields.Policy!, 'base64').toString('utf8'));
    expect(policy.conditions).toEqual(
      expect.arrayContaining([['content-length-range', 1, 104_857_600], ['eq', '$Content-Type', 'text/csv'], { bucket: 'uploads-bucket' }, { key: 'users/abc/uploads/f1/sm20.csv' }]),
    );
    // Tagged for the bucket's upload expiry (stacks/storage.ts), a condition of the policy like the other fields.
    const tagging = '<Tagging><TagSet><Tag><Key>lifecycle</Key><Value>upload</Value></Tag></TagSet></Tagging>';
    expect(fields.tagging).toBe(tagging);
    expect(policy.conditions).toContainEqual({ tagging });
    const expires = Date.parse(policy.expiration);
    expect(expires - Date.now()).toBeGreaterThan(890_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(900_000);
  });

  it('tags only users\' uploads for expiry, not list imports', async () => {
    const { fields } = await store.presignPost!('admin/imports/abc/list.csv', 'text/csv', 1000, 900);
    expect(fields.tagging).toBeUndefined();
  });

  it('signs a GET that answers with the download name and type', async () => {
    const url = new URL(await store.presignGet('users/abc/analyses/a1/results.xlsx', { downloadName: 'results.xlsx', contentType: 'application/octet-stream', expiresIn: 60 }));
    expect(url.searchParams.get('response-content-disposition')).toBe(`attachment; filename="results.xlsx"; filename*=UTF-8''results.xlsx`);
    expect(url.searchParams.get('response-content-type')).toBe('application/octet-stream');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('60');
  });

  it('refuses to start without a bucket name', () => {
    expect(() => createS3BlobStore({ region: 'eu-central-1' })).toThrow('Missing configuration BUCKET_NAME');
  });
});

describe('S3 blob store streaming writer', () => {
  it('rejects (instead of hanging) when S3 cannot be reached', async () => {
    const unreachable = createS3Client(
      { region: 'eu-central-1' },
      { endpoint: 'http://127.0.0.1:9', forcePathStyle: true, maxAttempts: 1, credentials: { accessKeyId: 'a', secretAccessKey: 'b' } },
    );
    const writer = createS3BlobStore({ region: 'eu-central-1', bucketName: 'b' }, unreachable).writer('k.csv', 'text/csv');
    const chunk = new Uint8Array(1024 * 1024);
    const writeAll = async () => {
      for (let i = 0; i < 12; i++) await writer.write(chunk);
      await writer.end();
    };
    await expect(writeAll()).rejects.toThrow();
  }, 20_000);

  it('tags only the work files of an analysis for the lifecycle rule', () => {
    expect(isWorkKey('users/abc/analyses/a1/work/parsed-0.jsonl')).toBe(true);
    expect(isWorkKey('users/abc/analyses/a1/results.xlsx')).toBe(false);
    expect(isWorkKey('users/abc/uploads/f1/work/x.csv')).toBe(false);
    expect(isWorkKey('admin/exports/1/work/x.csv')).toBe(false);
  });
});

describe('S3 blob store ranged read', () => {
  // A client that records the commands it is sent and answers as S3 would.
  const sent: { name: string; input: Record<string, unknown> }[] = [];
  const fake = {
    async send(command: { constructor: { name: string }; input: Record<string, unknown> }) {
      sent.push({ name: command.constructor.name, input: command.input });
      if (command.input.Key === 'missing') throw Object.assign(new Error('NoSuchKey'), { name: 'NoSuchKey' });
      if (command.input.Key === 'short') throw Object.assign(new Error('InvalidRange'), { $metadata: { httpStatusCode: 416 } });
      return { Body: { transformToByteArray: async () => new Uint8Array([1, 2, 3]) } };
    },
  } as unknown as Parameters<typeof createS3BlobStore>[1];
  const ranged = createS3BlobStore({ region: 'eu-central-1', bucketName: 'outputs' }, fake);

  it('asks for the inclusive byte range of a GetObject and returns the body', async () => {
    expect(await ranged.readRange('users/u/analyses/a/results.csv', 1000, 24)).toEqual(new Uint8Array([1, 2, 3]));
    expect(sent.at(-1)).toEqual({ name: 'GetObjectCommand', input: { Bucket: 'outputs', Key: 'users/u/analyses/a/results.csv', Range: 'bytes=1000-1023' } });
  });

  it('reads nothing past the end, and names a missing object', async () => {
    expect(await ranged.readRange('short', 5000, 10)).toEqual(new Uint8Array(0));
    await expect(ranged.readRange('missing', 0, 10)).rejects.toThrow(BlobNotFoundError);
    const before = sent.length;
    expect(await ranged.readRange('any', 10, 0)).toEqual(new Uint8Array(0));
    expect(sent.length).toBe(before);
  });
});
