/// <reference path="../.sst/platform/config.d.ts" />
/**
 * The API on AWS: an HTTP API whose routes live under `/prod` (the same base the local server
 * uses); its function is in stacks/api-function.ts.
 *
 * API Gateway answers no CORS itself (`cors: false`): the function sends CORS headers for the
 * web's own origin only (WEB_ORIGIN). Pinning it here instead would make the gateway wait for the
 * CloudFront distribution, whose config.json and CSP need the gateway's URL: a cycle. The function
 * can wait for the distribution, which does not wait for the function.
 */

export const API_BASE_PATH = '/prod';

/**
 * Requests per second the whole stage accepts (steady, burst): the backstop behind the per-client
 * limit of the API's edge (stacks/api-edge.ts), which is what keeps one client from using it up.
 */
export const API_THROTTLING = { rate: 50, burst: 100 };

export const api = new sst.aws.ApiGatewayV2('Api', {
  // Preflight requests reach the function, which allows the web's origin only.
  cors: false,
  transform: {
    stage: (args: any) => {
      args.defaultRouteSettings = { ...args.defaultRouteSettings, throttlingRateLimit: API_THROTTLING.rate, throttlingBurstLimit: API_THROTTLING.burst };
    },
  },
});

/** The API at its execute-api address; browsers and config.json use the edge's (stacks/api-edge.ts). */
export const gatewayUrl = $interpolate`${api.url}${API_BASE_PATH}`;

