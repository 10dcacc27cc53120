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

/**
 * Security headers on every page CloudFront serves (the local server sends the same ones). The
 * API and Cognito live on other origins under amazonaws.com, hence connect-src.
 */
const securityHeaders = new aws.cloudfront.ResponseHeadersPolicy('WebSecurityHeaders', {
  securityHeadersConfig: {
    contentTypeOptions: { override: true },
    frameOptions: { frameOption: 'DENY', override: true },
    referrerPolicy: { referrerPolicy: 'no-referrer', override: true },
    strictTransportSecurity: { accessControlMaxAgeSec: 31_536_000, includeSubdomains: true, override: true },
    contentSecurityPolicy: {
      contentSecurityPolicy:
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self' https://*.amazonaws.com; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
      override: true,
    },
  },
});

export const web = new sst.aws.StaticSite('Web', {
  path: 'web',
  build: {
    // Runs in web/: build, then add config.json from the deployed resources.
    command: `npm run build && node -e "require('fs').writeFileSync('dist/config.json', process.env.APP_BROWSER_CONFIG)"`,
    output: 'dist',
  },
  environment: { APP_BROWSER_CONFIG: browserConfig },
  transform: {
    cdn: (args: any) => {
      args.defaultCacheBehavior = $resolve({ behavior: args.defaultCacheBehavior, id: securityHeaders.id }).apply(({ behavior, id }) => ({
        ...behavior,
        responseHeadersPolicyId: id,
      }));
    },
  },
});
