/// <reference path="../.sst/platform/config.d.ts" />
/**
 * A stage's settings, from a committed file: `stacks/stages/<stage>.json`, or
 * `stacks/stages/default.json` for a stage without its own file (personal `sst dev` stages).
 * Nothing is read from the deployer's shell: a deploy from a shell without AI_PROVIDER no longer
 * turns AI off, and one without the SES identity no longer mails through Cognito's sender.
 *
 * `prod` must name every setting: a missing one stops the deploy with its name. `null` says
 * "deliberately none" (no SES identity, no custom domain…); other stages fall back to DEFAULTS.
 * docs/deployment.md lists them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type SettingValue = string | number | null;

/** Every setting, its default (for stages other than prod) and what it means. */
export const SETTINGS = {
  AI_PROVIDER: { default: null, doc: '"bedrock", "openai", or null for no AI' },
  AI_BASE_URL: { default: null, doc: 'base URL of an OpenAI-compatible server (AI_PROVIDER "openai")' },
  AI_MODEL: { default: null, doc: 'model id for AI_PROVIDER "openai"' },
  AI_MODELS: { default: null, doc: 'JSON array overriding the Bedrock model catalogue (ids and prices); the pipeline may call these models only' },
  AI_BATCH_SIZE: { default: null, doc: 'records per model call (default 20)' },
  AI_MAX_RECORDS: { default: null, doc: 'flagged records sent to the model per analysis (default 2000)' },
  AI_PRICE_INPUT_PER_MTOK: { default: null, doc: 'price per million input tokens (openai)' },
  AI_PRICE_OUTPUT_PER_MTOK: { default: null, doc: 'price per million output tokens (openai)' },
  AI_MAX_CONCURRENT_CALLS: { default: 4, doc: 'model calls at once across all analyses (the pipeline counts them in the table)' },
  COGNITO_SES_IDENTITY_ARN: { default: null, doc: "verified SES identity for invitation mails, or null for Cognito's own sender (about 50 a day)" },
  COGNITO_FROM_ADDRESS: { default: null, doc: 'From address of that identity, e.g. "SAP Security Analyzer <no-reply@example.com>"' },
  ALARM_EMAIL: { default: null, doc: 'address subscribed to the Alarms topic, or null' },
  UPLOAD_EXPIRY_DAYS: { default: 30, doc: 'days after which uploaded SAP files are deleted from the bucket (analyses and reports stay)' },
  LOG_RETENTION: { default: '1 month', doc: 'how long function logs are kept ("1 week", "1 month", "3 months", "1 year"…)' },
  PIPELINE_RESERVED_CONCURRENCY: { default: 20, doc: 'pipeline invocations at once at most (reserved concurrency)' },
  EDGE_RATE_LIMIT: { default: 1000, doc: 'requests per client address per 5 minutes the edge (WAF) lets through to the API' },
  WEB_DOMAIN: { default: null, doc: 'custom domain of the web app, or null for the CloudFront address' },
  WEB_CERTIFICATE_ARN: { default: null, doc: 'ACM certificate (us-east-1) for WEB_DOMAIN; null with WEB_DOMAIN null' },
} as const satisfies Record<string, { default: SettingValue; doc: string }>;

export type SettingName = keyof typeof SETTINGS;
export type StageSettings = Record<SettingName, SettingValue>;

/** The stage whose file must name every setting. */
export const STRICT_STAGES = ['prod'];

/** Reads and checks a stage's settings; throws naming the file and the first missing or unknown setting. */
export function readStageSettings(stage: string, dir: string): StageSettings {
  const own = join(dir, `${stage}.json`);
  const file = existsSync(own) ? own : join(dir, 'default.json');
  if (STRICT_STAGES.includes(stage) && file !== own) throw new Error(`Stage ${stage} needs its settings file ${own}`);
  const values = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  for (const [name, value] of Object.entries(values)) {
    if (!(name in SETTINGS)) throw new Error(`${file}: unknown setting ${name} (known: ${Object.keys(SETTINGS).join(', ')})`);
    if (value !== null && typeof value !== 'string' && typeof value !== 'number') throw new Error(`${file}: ${name} must be a string, a number or null`);
  }
  const settings = {} as StageSettings;
  for (const [name, spec] of Object.entries(SETTINGS) as [SettingName, { default: SettingValue; doc: string }][]) {
    if (name in values) settings[name] = values[name] as SettingValue;
    else if (STRICT_STAGES.includes(stage)) throw new Error(`${file}: missing setting ${name} (${spec.doc}); set it, or null to leave it unset`);
    else settings[name] = spec.default;
  }
  if (settings.COGNITO_SES_IDENTITY_ARN && !settings.COGNITO_FROM_ADDRESS) throw new Error(`${file}: COGNITO_SES_IDENTITY_ARN is set: set COGNITO_FROM_ADDRESS as well`);
  if (Boolean(settings.WEB_DOMAIN) !== Boolean(settings.WEB_CERTIFICATE_ARN)) throw new Error(`${file}: WEB_DOMAIN and WEB_CERTIFICATE_ARN go together`);
  return settings;
}

/** Where the stage files are; STAGE_SETTINGS_DIR lets the offline tests synthesise other files. */
const settingsDir = process.env.STAGE_SETTINGS_DIR ?? join($cli.paths.root, 'stacks/stages');

export const settings: StageSettings = readStageSettings($app.stage, settingsDir);

export const isProduction = STRICT_STAGES.includes($app.stage);

/** A setting as text for an environment variable, absent when null. */
export function settingEnvironment(names: SettingName[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((name) => (settings[name] === null ? [] : [[name, String(settings[name])]])));
}
