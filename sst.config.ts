/// <reference path="./.sst/platform/config.d.ts" />
/**
 * Composition root of the AWS deployment (SST v3). Each concern lives in stacks/*.ts; the runtime
 * reads every resource name through packages/functions/src/config/index.ts.
 * Deploy: `npx sst secret set AppSecret "<random>" --stage prod` once, then `npx sst deploy --stage prod`.
 */
export default $config({
  app(input) {
    return {
      name: 'sap-security-analyzer',
      home: 'aws',
      // Production keeps users' data if the app is removed; other stages clean up after themselves.
      removal: input?.stage === 'prod' ? 'retain' : 'remove',
      protect: input?.stage === 'prod',
    };
  },
  async run() {
    const storage = await import('./stacks/storage');
    const auth = await import('./stacks/auth');
    await import('./stacks/pipeline');
    await import('./stacks/import-jobs');
    await import('./stacks/review-jobs');
    await import('./stacks/api');
    const apiEdge = await import('./stacks/api-edge');
    const web = await import('./stacks/web');
    await import('./stacks/api-function');
    const alarms = await import('./stacks/alarms');
    return {
      web: web.web.url,
      api: apiEdge.apiUrl,
      userPoolId: auth.userPool.id,
      userPoolClientId: auth.webClient.id,
      bucket: storage.bucket.name,
      table: storage.table.name,
      alarmTopic: alarms.alarmTopic.arn,
    };
  },
});
