/// <reference path="../.sst/platform/config.d.ts" />
/**
 * The web app on AWS: S3 + CloudFront. The browser reads its settings from /config.json (as it
 * does from the local server), written next to the build from the deployed resources.
 */
import { apiOrigin, apiUrl } from './api-edge';
import { perClientAcl } from './edge-acl';
import { userPool, webClient } from './auth';
import { settings } from './settings';
import { bucket } from './storage';

const region = aws.getRegionOutput().name;

const browserConfig = $jsonStringify({
  apiUrl,
  region,
  userPoolId: userPool.id,
  userPoolClientId: webClient.id,
});

/** The only hosts the browser talks to besides the site: the API, Cognito's sign-in endpoint, and the bucket (presigned uploads). */
export const connectSources = [
  apiOrigin,
  $interpolate`https://cognito-idp.${region}.amazonaws.com`,
  $interpolate`https://${bucket.nodes.bucket.bucketRegionalDomainName}`,
];

/** Security headers on every page CloudFront serves (the local server sends the same ones). */
const securityHeaders = new aws.cloudfront.ResponseHeadersPolicy('WebSecurityHeaders', {
  securityHeadersConfig: {
    contentTypeOptions: { override: true },
    frameOptions: { frameOption: 'DENY', override: true },
    referrerPolicy: { referrerPolicy: 'no-referrer', override: true },
    strictTransportSecurity: { accessControlMaxAgeSec: 31_536_000, includeSubdomains: true, override: true },
    contentSecurityPolicy: {
      contentSecurityPolicy: $resolve(connectSources).apply(
        (hosts) =>
          `default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self' ${hosts.join(' ')}; frame-ancestors 'none'; base-uri 'self'; form-action 'self'`,
      ),
      override: true,
    },
  },
});

/**
 * `sst dev` deploys no site: SST starts this command in web/ with `environment` instead, and the
 * site's URL (the API's WEB_ORIGIN, the bucket's CORS origin) is the dev server's. Vite serves
 * /config.json from APP_BROWSER_CONFIG (web/vite.config.ts), so the browser talks to the dev
 * stage's API and user pool.
 */
export const WEB_DEV_PORT = 5173;
export const webDev = {
  url: `http://localhost:${WEB_DEV_PORT}`,
  command: `npx vite --port ${WEB_DEV_PORT} --strictPort`,
  directory: 'web',
  title: 'Web (Vite)',
};

/**
 * An optional custom domain (stage settings WEB_DOMAIN and WEB_CERTIFICATE_ARN, an ACM certificate
 * in us-east-1 that covers it; DNS is the operator's: point a CNAME at the distribution). With it,
 * CloudFront accepts TLS 1.2 or newer only (TLSv1.2_2021); without, CloudFront's own certificate
 * and *.cloudfront.net name allow TLS 1.0, which CloudFront does not let a distribution change.
 */
const webDomain = settings.WEB_DOMAIN ? { name: String(settings.WEB_DOMAIN), cert: String(settings.WEB_CERTIFICATE_ARN), dns: false as const } : undefined;

/** The site's per-client limit (stacks/edge-acl.ts); the API has its own (stacks/api-edge.ts). */
export const edgeAcl = $dev ? undefined : perClientAcl('WebEdgeAcl', 'web-edge');

export const web = new sst.aws.StaticSite('Web', {
  path: 'web',
  dev: webDev,
  ...(webDomain ? { domain: webDomain } : {}),
  build: {
    // Runs in web/: build, then add config.json from the deployed resources.
    command: `npm run build && node -e "require('fs').writeFileSync('dist/config.json', process.env.APP_BROWSER_CONFIG)"`,
    output: 'dist',
  },
  environment: { APP_BROWSER_CONFIG: browserConfig },
  transform: {
    cdn: (args: any) => {
      args.transform = { ...args.transform, distribution: (d: any) => void (d.webAclId = edgeAcl!.arn) };
      args.defaultCacheBehavior = $resolve({ behavior: args.defaultCacheBehavior, id: securityHeaders.id }).apply(({ behavior, id }) => ({
        ...behavior,
        responseHeadersPolicyId: id,
      }));
    },
  },
});

/** The browser POSTs uploads to presigned forms and reads reports from presigned URLs: only from the web's origin. */
export const bucketCors = new aws.s3.BucketCorsConfigurationV2('StorageCors', {
  bucket: bucket.name,
  corsRules: [
    {
      allowedOrigins: [web.url],
      allowedMethods: ['GET', 'POST', 'HEAD'],
      allowedHeaders: ['content-type'],
      exposeHeaders: ['ETag'],
      maxAgeSeconds: 3000,
    },
  ],
});
