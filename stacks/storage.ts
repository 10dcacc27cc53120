/// <reference path="../.sst/platform/config.d.ts" />
/**
 * Where users' data lives on AWS: one private bucket (uploads, intermediates, reports; the
 * browser PUTs and GETs through presigned URLs) and the single pk/sk table. The bucket's CORS
 * rule names the web app's origin, so stacks/web.ts adds it once the CloudFront domain exists.
 */

/** Objects the pipeline writes under an analysis's work/ folder carry this tag (s3-store.ts). */
export const WORK_OBJECT_TAG = { key: 'lifecycle', value: 'work' };

export const bucket = new sst.aws.Bucket('Storage', { cors: false });

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
  ],
});

export const table = new sst.aws.Dynamo('Table', {
  fields: { pk: 'string', sk: 'string' },
  primaryIndex: { hashKey: 'pk', rangeKey: 'sk' },
  // Restores to any second of the last 35 days.
  transform: { table: (args: any) => void (args.pointInTimeRecovery = { enabled: true }) },
});

/** IAM actions the functions use, scoped to this bucket and table (no s3:* or dynamodb:*). */
export function storagePermissions(access: { objects: string[]; list: boolean; items: string[] }) {
  return [
    { actions: access.objects.map((a) => `s3:${a}`), resources: [$interpolate`${bucket.arn}/*`] },
    ...(access.list ? [{ actions: ['s3:ListBucket'], resources: [bucket.arn] }] : []),
    { actions: access.items.map((a) => `dynamodb:${a}`), resources: [table.arn] },
  ];
}
