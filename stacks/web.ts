/// <reference path="../.sst/platform/config.d.ts" />
/**
 * The web app on AWS: S3 + CloudFront. The browser reads its settings from /config.json (as it
 * does from the local server), written next to the build from the deployed resources.
 */
import { apiUrl } from './api';
import { userPool, webClient } from './auth';

const browserConfig = $jsonStringify({
  apiUrl,
  region: aws.getRegionOutput().name,
  userPoolId: userPool.id,
  userPoolClientId: webClient.id,
});

export const web = new sst.aws.StaticSite('Web', {
  path: 'web',
  build: {
    // Runs in web/: build, then add config.json from the deployed resources.
    command: `npm run build && node -e "require('fs').writeFileSync('dist/config.json', process.env.APP_BROWSER_CONFIG)"`,
    output: 'dist',
  },
  environment: { APP_BROWSER_CONFIG: browserConfig },
});
