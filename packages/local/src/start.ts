/**
 * `npm start`: the whole product on one port. Configuration comes from the environment:
 * PORT (3000), HOST (127.0.0.1), PUBLIC_URL, DATA_DIR (.data/ in the repo), ADMIN_EMAIL/ADMIN_PASSWORD,
 * USER_EMAIL/USER_PASSWORD and the AI_* variables. `--build-web` (as `npm start` passes it) builds
 * web/dist first, with a one-line summary; `npm start -- --no-build-web` serves web/dist as it is.
 * It is one process (the root script execs it with `node --import tsx`), so SIGTERM and SIGINT
 * reach it directly; it stops the web build, the server and the analysis workers before it exits.
 */
import './polyfills.ts';
import { join, resolve } from 'node:path';
import { buildWeb, formatBuildSummary } from './build-web.ts';
import { adminCredentialsFile } from './seed-users.ts';
import { REPO_ROOT, startLocalStack } from './stack.ts';

const PASSED_THROUGH = [
  'AI_PROVIDER', 'AI_BASE_URL', 'AI_API_KEY', 'AI_MODEL', 'AI_MODELS', 'AI_BATCH_SIZE', 'AI_MAX_RECORDS',
  'AI_PRICE_INPUT_PER_MTOK', 'AI_PRICE_OUTPUT_PER_MTOK', 'AI_MAX_CONCURRENT_CALLS', 'AI_RETRY_BASE_MS', 'BEDROCK_ENDPOINT', 'APP_VERSION', 'APP_BUILD_DATE', 'ANALYSIS_MAX_OUTPUT_BYTES',
  'PIPELINE_STEP_THREADS', 'REPORT_JSON_PATTERNS',
];

function portFrom(value: string | undefined): number {
  if (value === undefined || value === '') return 3000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number between 0 and 65535, got "${value}"`);
  }
  return port;
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host.startsWith('127.');
}

/**
 * Stops whatever runs (build, then the stack) on SIGINT/SIGTERM. Later signals are ignored: Ctrl+C
 * reaches this process twice (from the terminal and forwarded by npm), and the stop must finish.
 */
function onStopSignal(stop: (signal: string) => Promise<void>): void {
  let stopping = false;
  const handle = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`\n${signal}: stopping…\n`);
    stop(signal).then(
      () => process.exit(0),
      (e) => {
        console.error(e);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', handle);
  process.on('SIGTERM', handle);
}

async function main(): Promise<void> {
  const env = process.env;
  const aborter = new AbortController();
  let stopStack: (() => Promise<void>) | undefined;
  onStopSignal(async () => {
    aborter.abort();
    await stopStack?.();
  });
  if (process.argv.includes('--build-web') && !process.argv.includes('--no-build-web')) {
    process.stdout.write('Building the web app…\n');
    const built = await buildWeb(REPO_ROOT, aborter.signal);
    process.stdout.write(formatBuildSummary(built, 'web/dist') + '\n');
  }
  if (aborter.signal.aborted) return;
  const port = portFrom(env.PORT);
  const host = env.HOST || '127.0.0.1';
  const dataDir = resolve(env.DATA_DIR || join(REPO_ROOT, '.data'));
  const passed: Record<string, string> = {};
  for (const name of PASSED_THROUGH) if (env[name]) passed[name] = env[name]!;

  const stack = await startLocalStack({
    port,
    host,
    publicUrl: env.PUBLIC_URL || undefined,
    publicHost: host === '127.0.0.1' || host === '0.0.0.0' ? 'localhost' : host,
    dataDir,
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    userEmail: env.USER_EMAIL || undefined,
    userPassword: env.USER_PASSWORD || undefined,
    env: passed,
  });
  stopStack = () => stack.stop();
  if (aborter.signal.aborted) return void (await stack.stop());

  const lines = [
    '',
    `SAP Security Analyzer is running at ${stack.url}`,
    `  API:  ${stack.apiUrl}`,
    `  Data: ${dataDir}`,
    '',
    `Sign in as administrator: ${stack.admin.email}`,
  ];
  if (stack.admin.firstTime) lines.push(`  Password (generated, shown once; also kept in ${adminCredentialsFile(dataDir)}): ${stack.admin.password}`);
  else if (stack.admin.generated) lines.push(`  Password: the generated one in ${adminCredentialsFile(dataDir)}`);
  else lines.push('  Password: the ADMIN_PASSWORD you set');
  if (stack.user) lines.push(`Regular user: ${stack.user.email} (password from USER_PASSWORD)`);
  if (!isLoopback(host)) {
    // Plain HTTP: tokens and files cross the network unencrypted (see docs/security.md).
    lines.push('', `WARNING: listening on ${host} over plain HTTP. Put a TLS reverse proxy in front (and set PUBLIC_URL),`, '  or keep HOST=127.0.0.1; use the AWS deployment for shared use across networks.');
  }
  lines.push('', 'Press Ctrl+C to stop.', '');
  process.stdout.write(lines.join('\n'));

}

main().catch((e) => {
  if (e instanceof Error && e.message === 'Web build stopped') return;
  console.error(`Could not start the local stack: ${e instanceof Error ? e.message : String(e)}`);
  if (e instanceof Error && e.stack) console.error(e.stack);
  process.exit(1);
});
