/// <reference path="../.sst/platform/config.d.ts" />
/**
 * The API's one Lambda, running the shared router (packages/functions/src/handlers/api.ts) behind
 * every route of the HTTP API (stacks/api.ts). It is told the web's URL (WEB_ORIGIN), the only
 * origin its CORS headers allow, so it is created after the web (stacks/web.ts).
 */
import { aiEnvironment } from './ai';
import { API_BASE_PATH, api } from './api';
import { apiEdgeEnvironment, apiUrl } from './api-edge';
import { adminsGroup, appSecret, runtimeEnvironment, userPool } from './auth';
import { functionDefaults } from './function-defaults';
import { importJobsApiEnvironment, importJobsApiPermissions } from './import-jobs';
import { pipelineApiEnvironment, pipelineApiPermissions, referenceDataEnvironment, referenceDataFiles } from './pipeline';
import { reviewJobsApiEnvironment, reviewJobsApiPermissions } from './review-jobs';
import { storagePermissions } from './storage';
import { web } from './web';

export const apiFunction = new sst.aws.Function('ApiFunction', {
  ...functionDefaults(),
  handler: 'packages/functions/src/handlers/api.handler',
  memory: '1024 MB',
  // API Gateway gives up after 30 s.
  timeout: '29 seconds',
  // Linking the secret grants no AWS permission; SST encrypts its value into the bundle.
  link: [appSecret],
  environment: {
    ...runtimeEnvironment,
    API_URL: apiUrl,
    ...apiEdgeEnvironment,
    WEB_ORIGIN: web.url,
    ...referenceDataEnvironment,
    ...pipelineApiEnvironment,
    ...importJobsApiEnvironment,
    ...reviewJobsApiEnvironment,
    ...aiEnvironment,
  },
  // Seeding the admin and master lists reads the shipped reference data.
  copyFiles: referenceDataFiles,
  permissions: [
    ...pipelineApiPermissions,
    ...importJobsApiPermissions,
    ...reviewJobsApiPermissions,
    ...storagePermissions({
      // PutObjectTagging: the presigned upload form tags the file for the bucket's upload expiry.
      objects: ['GetObject', 'PutObject', 'PutObjectTagging', 'DeleteObject'],
      list: true,
      items: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query', 'BatchGetItem', 'BatchWriteItem'],
    }),
    // Approving an access request invites the user (Cognito mails the temporary password);
    // AdminGetUser tells the admin check whether an administrator has TOTP MFA on (UserMFASettingList).
    { actions: ['cognito-idp:AdminCreateUser', 'cognito-idp:AdminGetUser'], resources: [userPool.arn] },
  ],
});

api.route(`ANY ${API_BASE_PATH}/{proxy+}`, apiFunction.arn);

// Referenced so the group exists before the first admin is added to it.
export const adminsGroupName = adminsGroup.name;
