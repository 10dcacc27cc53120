/// <reference path="../.sst/platform/config.d.ts" />
/**
 * Where users' data lives on AWS: one private bucket (uploads, intermediates, reports; the
 * browser PUTs and GETs through presigned URLs, hence CORS) and the single pk/sk table.
 */

export const bucket = new sst.aws.Bucket('Storage', {
  cors: {
    // Presigned URLs are the guard; any origin may use a URL it was handed.
    allowOrigins: ['*'],
    allowMethods: ['GET', 'PUT', 'HEAD'],
    allowHeaders: ['*'],
    exposeHeaders: ['ETag'],
    maxAge: '3000 seconds',
  },
});

export const table = new sst.aws.Dynamo('Table', {
  fields: { pk: 'string', sk: 'string' },
  primaryIndex: { hashKey: 'pk', rangeKey: 'sk' },
});
