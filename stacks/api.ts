/// <reference path="../.sst/platform/config.d.ts" />
/**
 * The API on AWS: an HTTP API whose routes live under `/prod` (the same base the local server
 * uses) and one Lambda running the shared router (packages/functions/src/handlers/api.ts).
 *
 * CORS allows any origin because the API authenticates with a bearer token (and a CSRF token on
 * mutating calls), never a cookie: a foreign page cannot act as a user. The web's config.json
 * carries the API's URL, so the API cannot also be made to wait for the web's CloudFront domain.
 */
import { aiEnvironment } from './ai';
import { adminsGroup, appSecret, runtimeEnvironment, userPool } from './auth';
import { pipelineApiEnvironment, pipelineApiPermissions, referenceDataEnvironment, referenceDataFiles } from './pipeline';
import { storagePermissions } from './storage';

export const API_BASE_PATH = '/prod';

/** Requests per second the whole API accepts (steady, burst); the request-access limit relies on it. */
export const API_THROTTLING = { rate: 50, burst: 100 };

export const api = new sst.aws.ApiGatewayV2('Api', {
  cors: {
    allowOrigins: ['*'],
    allowCredentials: false,
    allowHeaders: ['authorization', 'content-type', 'x-csrf-token'],
    allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'],
    maxAge: '10 minutes',
  },
  transform: {
    stage: (args: any) => {
      args.defaultRouteSettings = { ...args.defaultRouteSettings, throttlingRateLimit: API_THROTTLING.rate, throttlingBurstLimit: API_THROTTLING.burst };
    },
  },
});

/** What the browser and config.json call the API. */
export const apiUrl = $interpolate`${api.url}${API_BASE_PATH}`;

export const apiFunction = new sst.aws.Function('ApiFunction', {
  handler: 'packages/functions/src/handlers/api.handler',
  runtime: 'nodejs22.x',
  memory: '1024 MB',
  // API Gateway gives up after 30 s.
  timeout: '29 seconds',
  // Linking the secret grants no AWS permission; SST encrypts its value into the bundle.
  link: [appSecret],
  environment: {
    ...runtimeEnvironment,
    API_URL: apiUrl,
    ...referenceDataEnvironment,
    ...pipelineApiEnvironment,
    ...aiEnvironment,
  },
  // Seeding the admin and master lists reads the shipped reference data.
  copyFiles: referenceDataFiles,
  permissions: [
    ...pipelineApiPermissions,
    ...storagePermissions({
      objects: ['GetObject', 'PutObject', 'DeleteObject'],
      list: true,
      items: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query', 'BatchGetItem', 'BatchWriteItem'],
    }),
    // Approving an access request invites the user (Cognito mails the temporary password).
    { actions: ['cognito-idp:AdminCreateUser'], resources: [userPool.arn] },
  ],
});

api.route(`ANY ${API_BASE_PATH}/{proxy+}`, apiFunction.arn);

// Referenced so the group exists before the first admin is added to it.
export const adminsGroupName = adminsGroup.name;
