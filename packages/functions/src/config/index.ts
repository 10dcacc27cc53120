/**
 * The one place that reads deployment settings. On AWS the SST stacks set these variables from
 * linked resources; locally packages/local sets them before building the services.
 */
import { linkedSecret, readLinkedResources } from './linked-resources.ts';

export interface AiConfig {
  /** 'bedrock' | 'openai' | undefined (AI unavailable). */
  provider?: 'bedrock' | 'openai';
  baseUrl?: string;
  apiKey?: string;
  /** Model id for the openai provider. */
  model?: string;
  /** Overrides the Bedrock endpoint (tests point it at a fake server). */
  bedrockEndpoint?: string;
  /** JSON array overriding model ids/prices (AI_MODELS). */
  models?: string;
  /** Prices of the on-premises model in USD per million tokens (AI_PRICE_INPUT_PER_MTOK / AI_PRICE_OUTPUT_PER_MTOK). */
  inputPerMTok?: number;
  outputPerMTok?: number;
  /** Records per model call (AI_BATCH_SIZE, default 20). */
  batchSize?: number;
  /** Flagged records sent to the model per analysis at most (AI_MAX_RECORDS, default 2000). */
  maxRecords?: number;
  /** Model calls at once across all analyses (AI_MAX_CONCURRENT_CALLS); unset: no cap. */
  maxConcurrentCalls?: number;
  /** First retry wait of a throttled call in ms (AI_RETRY_BASE_MS; default 2000, doubling to 60 s). */
  retryBaseDelayMs?: number;
}

export interface AppConfig {
  mode: 'aws' | 'local';
  region: string;
  tableName: string;
  /** S3 bucket (aws) — unused locally. */
  bucketName?: string;
  /** Local blob store folder. */
  blobDir?: string;
  /** DynamoDB endpoint override (dynalite locally). */
  dynamoEndpoint?: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Expected `iss` of ID tokens. */
  issuer: string;
  /** JWKS URL of the user pool. */
  jwksUrl: string;
  /** Local only: cognito endpoint the browser talks to. */
  userPoolEndpoint?: string;
  stateMachineArn?: string;
  /** AWS: the queue whose function runs master-list import jobs (stacks/import-jobs.ts). */
  importQueueUrl?: string;
  /** AWS: the queue whose function runs case and filter reviews (stacks/review-jobs.ts); without it they run in the review workers. */
  reviewQueueUrl?: string;
  /** AWS: that queue's dead letters, which the review job function also reads (their jobs are marked failed). */
  reviewDeadLettersArn?: string;
  /** HMAC secret for CSRF tokens (and local blob URLs). Never committed; generated locally. */
  secret: string;
  /** Public base URL of the local server, e.g. http://localhost:3000 (local mode). */
  publicUrl?: string;
  /** The one origin whose pages may call the API from a browser (CORS): the web app's URL. */
  webOrigin?: string;
  /** URL of the API including the stage, e.g. https://x.execute-api.../prod or http://localhost:3000/prod. */
  apiUrl: string;
  ai: AiConfig;
  /** Bytes one analysis step may write (results and working files); default outputLimitFor(inputs). */
  maxOutputBytes?: number;
  /** Patterns report.json carries (REPORT_JSON_PATTERNS); every one is in the stored pattern table. */
  reportPatterns?: number;
  /**
   * Threads of one pipeline step where the blob store is on this machine's file system
   * (pipeline/step-tasks.ts); default: the cores, at most 2. 1 runs each step in one thread.
   */
  stepThreads?: number;
  /** Build version and date for the About page. */
  version: string;
  buildDate: string;
}

function required(env: Record<string, string | undefined>, name: string): string {
  const v = env[name];
  if (!v) throw new Error(`Missing configuration ${name}`);
  return v;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const mode = env.APP_MODE === 'local' ? 'local' : 'aws';
  // On AWS the secrets are linked (stacks/auth.ts, stacks/ai.ts), not environment variables.
  const linked = readLinkedResources(env);
  env = { ...env, APP_SECRET: env.APP_SECRET ?? linkedSecret(linked, 'AppSecret'), AI_API_KEY: env.AI_API_KEY ?? linkedSecret(linked, 'AiApiKey') };
  const region = env.AWS_REGION ?? env.APP_REGION ?? 'us-east-1';
  const userPoolId = required(env, 'USER_POOL_ID');
  const issuer = env.TOKEN_ISSUER ?? `https://cognito-idp.${region}.amazonaws.com/${userPoolId}`;
  return {
    mode,
    region,
    tableName: required(env, 'TABLE_NAME'),
    bucketName: env.BUCKET_NAME,
    blobDir: env.BLOB_DIR,
    dynamoEndpoint: env.DYNAMO_ENDPOINT,
    userPoolId,
    userPoolClientId: required(env, 'USER_POOL_CLIENT_ID'),
    issuer,
    jwksUrl: env.JWKS_URL ?? `${issuer}/.well-known/jwks.json`,
    userPoolEndpoint: env.USER_POOL_ENDPOINT,
    stateMachineArn: env.STATE_MACHINE_ARN,
    importQueueUrl: env.IMPORT_QUEUE_URL,
    reviewQueueUrl: env.REVIEW_QUEUE_URL || undefined,
    reviewDeadLettersArn: env.REVIEW_DEAD_LETTERS_ARN || undefined,
    secret: required(env, 'APP_SECRET'),
    publicUrl: env.PUBLIC_URL,
    // Only the API and the local server need it (config.json); pipeline tasks run without it.
    apiUrl: env.API_URL ?? '',
    // On AWS the stack sets WEB_ORIGIN to the CloudFront URL; locally the web is served by the same server.
    webOrigin: (env.WEB_ORIGIN ?? env.PUBLIC_URL)?.replace(/\/+$/, '') || undefined,
    maxOutputBytes: env.ANALYSIS_MAX_OUTPUT_BYTES ? Number(env.ANALYSIS_MAX_OUTPUT_BYTES) || undefined : undefined,
    stepThreads: stepThreadsOf(env.PIPELINE_STEP_THREADS),
    reportPatterns: env.REPORT_JSON_PATTERNS && Number.isInteger(Number(env.REPORT_JSON_PATTERNS)) && Number(env.REPORT_JSON_PATTERNS) >= 0 ? Number(env.REPORT_JSON_PATTERNS) : undefined,
    ai: {
      provider: env.AI_PROVIDER === 'openai' || env.AI_PROVIDER === 'bedrock' ? env.AI_PROVIDER : undefined,
      baseUrl: env.AI_BASE_URL,
      apiKey: env.AI_API_KEY,
      model: env.AI_MODEL,
      bedrockEndpoint: env.BEDROCK_ENDPOINT,
      models: env.AI_MODELS,
      inputPerMTok: env.AI_PRICE_INPUT_PER_MTOK ? Number(env.AI_PRICE_INPUT_PER_MTOK) : undefined,
      outputPerMTok: env.AI_PRICE_OUTPUT_PER_MTOK ? Number(env.AI_PRICE_OUTPUT_PER_MTOK) : undefined,
      batchSize: env.AI_BATCH_SIZE ? Math.max(1, Math.min(100, Number(env.AI_BATCH_SIZE) || 20)) : undefined,
      maxRecords: env.AI_MAX_RECORDS ? Math.max(1, Number(env.AI_MAX_RECORDS) || 2000) : undefined,
      retryBaseDelayMs: env.AI_RETRY_BASE_MS ? Math.max(1, Number(env.AI_RETRY_BASE_MS) || 2000) : undefined,
      maxConcurrentCalls: env.AI_MAX_CONCURRENT_CALLS ? Math.max(1, Math.trunc(Number(env.AI_MAX_CONCURRENT_CALLS)) || 4) : undefined,
    },
    version: env.APP_VERSION ?? '2.0.0',
    buildDate: env.APP_BUILD_DATE ?? '',
  };
}

/** `PIPELINE_STEP_THREADS`: a whole number from 1 to 8, else the default. */
function stepThreadsOf(value: string | undefined): number | undefined {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= 1 && n <= 8 ? n : undefined;
}
