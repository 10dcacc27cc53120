/// <reference path="../.sst/platform/config.d.ts" />
/**
 * What every function of the app shares: Node 22 on arm64 (Graviton, about 20 % cheaper for the
 * same work; the bundles are plain JavaScript), JSON logs kept as long as the stage's
 * LOG_RETENTION says, and X-Ray tracing (active: Lambda samples and sends the segments; the role
 * gets AWS's AWSXRayDaemonWriteAccess, whose actions take no resource).
 */
import { settings } from './settings';

export const XRAY_WRITE_POLICY = 'arn:aws:iam::aws:policy/AWSXRayDaemonWriteAccess';

/** SST's retention names (components/aws/logging.ts), the only values LOG_RETENTION may take. */
const RETENTIONS = ['1 day', '3 days', '5 days', '1 week', '2 weeks', '1 month', '2 months', '3 months', '4 months', '5 months', '6 months', '1 year', '13 months', '18 months', '2 years', '3 years', '5 years', '6 years', '7 years', '8 years', '9 years', '10 years', 'forever'] as const;
type Retention = (typeof RETENTIONS)[number];

export const logRetention = String(settings.LOG_RETENTION) as Retention;
if (!RETENTIONS.includes(logRetention)) throw new Error(`LOG_RETENTION must be one of ${RETENTIONS.join(', ')} (got ${settings.LOG_RETENTION})`);

export function functionDefaults() {
  return {
    runtime: 'nodejs22.x' as const,
    architecture: 'arm64' as const,
    logging: { format: 'json' as const, retention: logRetention },
    policies: [XRAY_WRITE_POLICY],
    transform: { function: (args: any) => void (args.tracingConfig = { mode: 'Active' }) },
  };
}
