/// <reference path="../.sst/platform/config.d.ts" />
/**
 * The API on AWS: an HTTP API whose routes live under `/prod` (the same base the local server
 * uses) and one Lambda running the shared router (packages/functions/src/handlers/api.ts).
 */
import { adminsGroup, runtimeEnvironment, userPool } from './auth';
import { pipelineApiEnvironment, pipelineApiPermissions, referenceDataEnvironment, referenceDataFiles } from './pipeline';
import { bucket, table } from './storage';

export const API_BASE_PATH = '/prod';

export const api = new sst.aws.ApiGatewayV2('Api', {
  cors: {
    allowOrigins: ['*'],
    allowHeaders: ['authorization', 'content-type', 'x-csrf-token'],
    allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'],
    maxAge: '10 minutes',
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
  link: [bucket, table, userPool],
  environment: {
    ...runtimeEnvironment,
    API_URL: apiUrl,
    ...referenceDataEnvironment,
    ...pipelineApiEnvironment,
  },
  // Seeding the admin and master lists reads the shipped reference data.
  copyFiles: referenceDataFiles,
  permissions: [
    ...pipelineApiPermissions,
    // Approving an access request creates the user and adds them to a group.
    {
      actions: ['cognito-idp:AdminCreateUser', 'cognito-idp:AdminGetUser', 'cognito-idp:AdminAddUserToGroup', 'cognito-idp:AdminListGroupsForUser'],
      resources: [userPool.arn],
    },
  ],
});

api.route(`ANY ${API_BASE_PATH}/{proxy+}`, apiFunction.arn);

// Referenced so the group exists before the first admin is added to it.
export const adminsGroupName = adminsGroup.name;
