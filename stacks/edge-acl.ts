/// <reference path="../.sst/platform/config.d.ts" />
/**
 * A per-client limit at the edge: a WAF web ACL (CloudFront's ACLs live in us-east-1) whose one
 * rule blocks an address that sends more than EDGE_RATE_LIMIT requests in 5 minutes (stage
 * setting; 1000 in prod). The web's distribution (stacks/web.ts) and the API's (stacks/api-edge.ts)
 * each have their own ACL, so each counts its own requests. `sst dev` deploys neither.
 */
import { settings } from './settings';

export const EDGE_RATE_LIMIT = Number(settings.EDGE_RATE_LIMIT);
if (!Number.isInteger(EDGE_RATE_LIMIT) || EDGE_RATE_LIMIT < 10) throw new Error(`EDGE_RATE_LIMIT must be a whole number of requests per 5 minutes, at least 10 (WAF's minimum; got ${settings.EDGE_RATE_LIMIT})`);

const usEast1 = $dev ? undefined : new aws.Provider('UsEast1', { region: 'us-east-1' });

/**
 * The web ACL `name` with its rule `per-client-rate`. `blocked`: what a blocked client gets (WAF's
 * plain 403 by default), with `bodies` the custom response bodies it names; `rules`: more rules.
 */
export function perClientAcl(
  name: string,
  metric: string,
  {
    blocked = {},
    bodies,
    rules = [],
  }: { blocked?: aws.types.input.wafv2.WebAclRuleActionBlock; bodies?: aws.types.input.wafv2.WebAclCustomResponseBody[]; rules?: aws.types.input.wafv2.WebAclRule[] } = {},
) {
  return new aws.wafv2.WebAcl(
    name,
    {
      scope: 'CLOUDFRONT',
      ...(bodies ? { customResponseBodies: bodies } : {}),
      defaultAction: { allow: {} },
      visibilityConfig: { cloudwatchMetricsEnabled: true, metricName: metric, sampledRequestsEnabled: true },
      rules: [
        {
          name: 'per-client-rate',
          priority: 0,
          action: { block: blocked },
          statement: { rateBasedStatement: { limit: EDGE_RATE_LIMIT, aggregateKeyType: 'IP', evaluationWindowSec: 300 } },
          visibilityConfig: { cloudwatchMetricsEnabled: true, metricName: `${metric}-per-client-rate`, sampledRequestsEnabled: true },
        },
        ...rules,
      ],
    },
    { provider: usEast1 },
  );
}
