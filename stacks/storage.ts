/// <reference path="../.sst/platform/config.d.ts" />
/**
 * Where users' data lives on AWS: one private bucket (uploads, intermediates, reports; the
 * browser PUTs and GETs through presigned URLs) and the single pk/sk table. The bucket's CORS
 * rule names the web app's origin, so stacks/web.ts adds it once the CloudFront domain exists.
 */
import { isProduction, settings } from './settings';

/** Objects the pipeline writes under an analysis's work/ folder carry this tag (s3-store.ts). */
export const WORK_OBJECT_TAG = { key: 'lifecycle', value: 'work' };
/** Users' uploaded SAP files carry this tag (the presigned POST sets it, s3-store.ts). */
export const UPLOAD_OBJECT_TAG = { key: 'lifecycle', value: 'upload' };

/**
 * The customer-managed key of the bucket and the table: its use is logged in CloudTrail, it can
 * be disabled to lock the data, and it rotates every year. Kept 30 days after a removal.
 */
export const dataKey = new aws.kms.Key('DataKey', {
  description: `${$app.name} ${$app.stage}: users' files and table items`,
  enableKeyRotation: true,
  deletionWindowInDays: 30,
});
new aws.kms.Alias('DataKeyAlias', { name: `alias/${$app.name}-${$app.stage}-data`, targetKeyId: dataKey.keyId });

export const bucket = new sst.aws.Bucket('Storage', {
  cors: false,
  // SST empties a bucket it removes; production's is retained, and never emptied by a removal.
  transform: { bucket: (args: any) => void (args.forceDestroy = !isProduction) },
});

export const bucketEncryption = new aws.s3.BucketServerSideEncryptionConfigurationV2('StorageEncryption', {
  bucket: bucket.name,
  // The bucket key keeps KMS requests (and their cost) to one per object batch, not one per object.
  rules: [{ applyServerSideEncryptionByDefault: { sseAlgorithm: 'aws:kms', kmsMasterKeyId: dataKey.arn }, bucketKeyEnabled: true }],
});

/** Days after which uploaded files expire (stage setting UPLOAD_EXPIRY_DAYS). */
export const uploadExpiryDays = Number(settings.UPLOAD_EXPIRY_DAYS);
if (!Number.isInteger(uploadExpiryDays) || uploadExpiryDays < 1) throw new Error(`UPLOAD_EXPIRY_DAYS must be a whole number of days, at least 1 (got ${settings.UPLOAD_EXPIRY_DAYS})`);

/**
 * Housekeeping S3 does by itself: parts of uploads that never completed, the work files of an
 * analysis that failed (a completed one deletes them), risk exports (downloaded within the hour
 * their URL lives) and master-list exports an import never read (a read one is deleted).
 */
export const bucketLifecycle = new aws.s3.BucketLifecycleConfigurationV2('StorageLifecycle', {
  bucket: bucket.name,
  rules: [
    { id: 'abort-incomplete-uploads', status: 'Enabled', filter: {}, abortIncompleteMultipartUpload: { daysAfterInitiation: 1 } },
    { id: 'expire-work-leftovers', status: 'Enabled', filter: { tag: WORK_OBJECT_TAG }, expiration: { days: 7 } },
    { id: 'expire-risk-exports', status: 'Enabled', filter: { prefix: 'admin/exports/' }, expiration: { days: 1 } },
    { id: 'expire-list-imports', status: 'Enabled', filter: { prefix: 'admin/imports/' }, expiration: { days: 1 } },
    { id: 'expire-uploads', status: 'Enabled', filter: { tag: UPLOAD_OBJECT_TAG }, expiration: { days: uploadExpiryDays } },
  ],
});

export const table = new sst.aws.Dynamo('Table', {
  fields: { pk: 'string', sk: 'string' },
  primaryIndex: { hashKey: 'pk', rangeKey: 'sk' },
  deletionProtection: isProduction,
  transform: {
    table: (args: any) => {
      // Restores to any second of the last 35 days.
      args.pointInTimeRecovery = { enabled: true };
      args.serverSideEncryption = { enabled: true, kmsKeyArn: dataKey.arn };
    },
  },
});

/** IAM actions the functions use, scoped to this bucket, table and key (no s3:* or dynamodb:*). */
const region = aws.getRegionOutput().name;

export function storagePermissions(access: { objects: string[]; list: boolean; items: string[] }) {
  return [
    { actions: access.objects.map((a) => `s3:${a}`), resources: [$interpolate`${bucket.arn}/*`] },
    ...(access.list ? [{ actions: ['s3:ListBucket'], resources: [bucket.arn] }] : []),
    { actions: access.items.map((a) => `dynamodb:${a}`), resources: [table.arn] },
    // Objects and items are encrypted with the data key: S3 and DynamoDB use it on the caller's behalf.
    {
      actions: ['kms:Decrypt', 'kms:Encrypt', 'kms:GenerateDataKey', 'kms:DescribeKey', 'kms:CreateGrant'],
      resources: [dataKey.arn],
      conditions: [{ test: 'StringEquals', variable: 'kms:ViaService', values: [$interpolate`s3.${region}.amazonaws.com`, $interpolate`dynamodb.${region}.amazonaws.com`] }],
    },
  ];
}
