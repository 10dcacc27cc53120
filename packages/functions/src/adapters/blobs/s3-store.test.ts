import { describe, expect, it } from 'vitest';
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
    const expires = Date.parse(policy.expiration);
    expect(expires - Date.now()).toBeGreaterThan(890_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(900_000);
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
