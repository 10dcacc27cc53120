/**
 * S3 BlobStore. Checksums are only computed when S3 requires them: otherwise presigned PUTs
 * carry an empty-body checksum the browser's upload cannot match, and streamed uploads get
 * aws-chunked framing (see ARCHITECTURE.md).
 */
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { ByteSink } from '@app/core';
import type { AppConfig } from '../../config/index.ts';
import { BlobNotFoundError, type BlobStore } from '../../ports/index.ts';

export const DEFAULT_S3_URL_TTL_SECONDS = 900;

/**
 * An analysis's work files (`…/analyses/<id>/work/…`) carry this tag: a completed analysis deletes
 * them, and the bucket's lifecycle rule (stacks/storage.ts) expires those a failed run left.
 */
export const WORK_TAG = { Key: 'lifecycle', Value: 'work' };

/** Users' uploaded files carry `lifecycle=upload`: the bucket expires them after the stage's UPLOAD_EXPIRY_DAYS (stacks/storage.ts). */
export const UPLOAD_TAG = { Key: 'lifecycle', Value: 'upload' };
const isUploadKey = (key: string) => /^users\/[^/]+\/uploads\//.test(key);
const taggingXml = (tag: { Key: string; Value: string }) => `<Tagging><TagSet><Tag><Key>${tag.Key}</Key><Value>${tag.Value}</Value></Tag></TagSet></Tagging>`;

export function isWorkKey(key: string): boolean {
  return /^users\/[^/]+\/analyses\/[^/]+\/work\//.test(key);
}

function isMissing(e: unknown): boolean {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err?.name === 'NoSuchKey' || err?.name === 'NotFound' || err?.$metadata?.httpStatusCode === 404;
}

/** A ranged GET: `Range: bytes=<first>-<last>` (inclusive) for `length` bytes from `start`. */
export function rangeRequest(Bucket: string, Key: string, start: number, length: number): GetObjectCommand {
  return new GetObjectCommand({ Bucket, Key, Range: `bytes=${start}-${start + length - 1}` });
}

export function createS3Client(config: Pick<AppConfig, 'region'>, extra: Partial<S3ClientConfig> = {}): S3Client {
  return new S3Client({
    region: config.region,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...extra,
  });
}

export function createS3BlobStore(config: Pick<AppConfig, 'region' | 'bucketName'>, client: S3Client = createS3Client(config)): BlobStore {
  const Bucket = config.bucketName;
  if (!Bucket) throw new Error('Missing configuration BUCKET_NAME (the S3 bucket for uploads and reports)');

  return {
    // A presigned PUT cannot bound the size (`maxBytes`): uploads use presignPost on S3.
    presignPut(key, contentType, expiresIn = DEFAULT_S3_URL_TTL_SECONDS) {
      return getSignedUrl(client, new PutObjectCommand({ Bucket, Key: key, ContentType: contentType }), { expiresIn });
    },

    // A POST policy, unlike a presigned PUT, can bound the size: S3 refuses a larger body itself.
    async presignPost(key, contentType, maxBytes, expiresIn = DEFAULT_S3_URL_TTL_SECONDS) {
      const { url, fields } = await createPresignedPost(client, {
        Bucket,
        Key: key,
        Conditions: [['content-length-range', 1, maxBytes], ['eq', '$Content-Type', contentType]],
        // The tag is a field of the form and, like every field, a condition of the signed policy.
        Fields: { 'Content-Type': contentType, ...(isUploadKey(key) ? { tagging: taggingXml(UPLOAD_TAG) } : {}) },
        Expires: expiresIn,
      });
      return { url, fields };
    },

    presignGet(key, options = {}) {
      const disposition = options.downloadName
        ? `attachment; filename="${options.downloadName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(options.downloadName)}`
        : undefined;
      return getSignedUrl(
        client,
        new GetObjectCommand({ Bucket, Key: key, ResponseContentDisposition: disposition, ResponseContentType: options.contentType }),
        { expiresIn: options.expiresIn ?? DEFAULT_S3_URL_TTL_SECONDS },
      );
    },

    async *read(key) {
      let body: AsyncIterable<Uint8Array>;
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        body = out.Body as unknown as AsyncIterable<Uint8Array>;
      } catch (e) {
        if (isMissing(e)) throw new BlobNotFoundError(key);
        throw e;
      }
      yield* body;
    },

    async readRange(key, start, length) {
      if (length <= 0) return new Uint8Array(0);
      try {
        const out = await client.send(rangeRequest(Bucket, key, start, length));
        return await out.Body!.transformToByteArray();
      } catch (e) {
        // Past the end of the object S3 answers 416: nothing to read there.
        if ((e as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode === 416) return new Uint8Array(0);
        if (isMissing(e)) throw new BlobNotFoundError(key);
        throw e;
      }
    },

    writer(key, contentType): ByteSink {
      const stream = new PassThrough();
      // Errors surface through write()/end(); this keeps destroy(err) from becoming an uncaught exception.
      stream.on('error', () => undefined);
      const upload = new Upload({ client, params: { Bucket, Key: key, Body: stream, ContentType: contentType }, tags: isWorkKey(key) ? [WORK_TAG] : [] });
      let failure: unknown;
      const done = upload.done().catch((e) => {
        failure = e;
        // Wakes a writer waiting for 'drain', which would otherwise wait forever.
        stream.destroy(e instanceof Error ? e : new Error(String(e)));
        throw e;
      });
      done.catch(() => undefined);
      return {
        async write(chunk) {
          if (failure) throw failure;
          if (!stream.write(chunk)) await once(stream, 'drain');
        },
        async end() {
          stream.end();
          await done;
        },
      };
    },

    async put(key, body, contentType) {
      const Tagging = isWorkKey(key) ? `${WORK_TAG.Key}=${WORK_TAG.Value}` : undefined;
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, Tagging }));
    },

    async head(key) {
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: out.ContentLength ?? 0 };
      } catch (e) {
        if (isMissing(e)) return undefined;
        throw e;
      }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async deletePrefix(prefix) {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }));
        const objects = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
        if (objects.length > 0) await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: objects, Quiet: true } }));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
