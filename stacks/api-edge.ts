/// <reference path="../.sst/platform/config.d.ts" />
/**
 * The API's edge: a CloudFront distribution in front of the HTTP API, with its own WAF web ACL
 * limiting each client address (stacks/edge-acl.ts). WAF does not attach to an HTTP API, and the
 * stage-wide throttle (stacks/api.ts) is shared by every client; this is the per-client limit.
 * config.json, the CSP and the API's own API_URL name the edge's address; the execute-api address
 * is published nowhere.
 *
 * A request sent to the execute-api address directly would skip the limit: CloudFront adds the
 * header `x-origin-verify` to every request it forwards, its value an HMAC of the app secret
 * (packages/functions/src/handlers/edge-origin.ts), and the API function, told API_REQUIRE_EDGE,
 * refuses (403) any request without it.
 *
 * Caching is off (CloudFront's managed CachingDisabled policy) and every viewer header but Host
 * reaches the gateway (AllViewerExceptHostHeader: the Authorization header included, which
 * CloudFront forwards when nothing is cached; Host must stay the execute-api name).
 *
 * `sst dev` deploys no edge: the dev server calls the execute-api address, and the function does
 * not ask for the header.
 */
import { edgeOriginValue } from '../packages/functions/src/handlers/edge-origin.ts';
import { API_BASE_PATH, api, gatewayUrl } from './api';
import { appSecret } from './auth';
import { perClientAcl } from './edge-acl';

/** CloudFront's managed policies (ids as AWS documents them). */
export const CACHING_DISABLED_POLICY = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
export const ALL_VIEWER_EXCEPT_HOST_POLICY = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

/**
 * The public access-request form's limit (packages/functions/src/http/routes/access-requests.ts
 * REQUEST_ACCESS_LIMIT: 20 submissions per address per 10 minutes) counted at the edge as well:
 * the function's own count lives in each warm Lambda, so across instances it is no quota.
 */
export const REQUEST_ACCESS_EDGE_LIMIT = { limit: 20, evaluationWindowSec: 600 };

const exactly = (field: aws.types.input.wafv2.WebAclRuleStatementByteMatchStatementFieldToMatch, value: string) => ({
  byteMatchStatement: { fieldToMatch: field, positionalConstraint: 'EXACTLY', searchString: value, textTransformations: [{ priority: 0, type: 'NONE' }] },
});

/** What a client over a limit gets: 429 with the API's error shape (no CORS header: WAF prefixes the names of headers it adds). */
const rateLimited: aws.types.input.wafv2.WebAclRuleActionBlock = { customResponse: { responseCode: 429, customResponseBodyKey: 'rate-limited' } };

export const apiEdgeAcl = $dev
  ? undefined
  : perClientAcl('ApiEdgeAcl', 'api-edge', {
      blocked: rateLimited,
      bodies: [
        {
          key: 'rate-limited',
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'Too many requests from this address: wait a few minutes, then try again.' } }),
        },
      ],
      rules: [
        {
          name: 'request-access-rate',
          priority: 1,
          action: { block: rateLimited },
          statement: {
            rateBasedStatement: {
              ...REQUEST_ACCESS_EDGE_LIMIT,
              aggregateKeyType: 'IP',
              scopeDownStatement: { andStatement: { statements: [exactly({ method: {} }, 'POST'), exactly({ uriPath: {} }, `${API_BASE_PATH}/request-access`)] } },
            },
          },
          visibilityConfig: { cloudwatchMetricsEnabled: true, metricName: 'api-edge-request-access-rate', sampledRequestsEnabled: true },
        },
      ],
    });

export const apiEdge = $dev
  ? undefined
  : new aws.cloudfront.Distribution('ApiEdge', {
      enabled: true,
      comment: `${$app.name} ${$app.stage} API (per-client limit)`,
      priceClass: 'PriceClass_100',
      httpVersion: 'http2and3',
      origins: [
        {
          originId: 'api',
          domainName: api.nodes.api.apiEndpoint.apply((endpoint) => new URL(endpoint).host),
          customOriginConfig: { httpPort: 80, httpsPort: 443, originProtocolPolicy: 'https-only', originSslProtocols: ['TLSv1.2'], originReadTimeout: 30 },
          customHeaders: [{ name: 'x-origin-verify', value: appSecret.value.apply(edgeOriginValue) }],
        },
      ],
      defaultCacheBehavior: {
        targetOriginId: 'api',
        viewerProtocolPolicy: 'https-only',
        allowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'POST', 'PATCH', 'DELETE'],
        cachedMethods: ['GET', 'HEAD'],
        cachePolicyId: CACHING_DISABLED_POLICY,
        originRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_POLICY,
      },
      restrictions: { geoRestriction: { restrictionType: 'none' } },
      viewerCertificate: { cloudfrontDefaultCertificate: true },
      webAclId: apiEdgeAcl!.arn,
    });

/** The API's public origin (CSP connect-src) and base URL (config.json, API_URL). */
export const apiOrigin = apiEdge ? $interpolate`https://${apiEdge.domainName}` : api.nodes.api.apiEndpoint;
export const apiUrl = apiEdge ? $interpolate`${apiOrigin}${API_BASE_PATH}` : gatewayUrl;

/** For the API function: refuse requests that did not come through the edge (none under `sst dev`). */
export const apiEdgeEnvironment: Record<string, string> = apiEdge ? { API_REQUIRE_EDGE: 'cloudfront' } : {};
