/**
 * cognito-local run in-process against an explicit data folder. Its own `createDefaultServer`
 * hard-wires `./.cognito` in the working directory, reads PORT/HOST from the environment for the
 * token issuer and pulls in the AWS SDK v2 for Lambda triggers; we assemble the same services
 * ourselves so several stacks can live in one process, each with its own folder, and no port.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Router } from 'cognito-local/lib/server/Router.js';
import { DateClock, LambdaService, MessagesService, TriggersService } from 'cognito-local/lib/services/index.js';
import { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService.js';
import { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb.js';
import { ConsoleMessageSender } from 'cognito-local/lib/services/messageDelivery/consoleMessageSender.js';
import { MessageDeliveryService } from 'cognito-local/lib/services/messageDelivery/messageDelivery.js';
import { otp } from 'cognito-local/lib/services/otp.js';
import { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator.js';
import { UserPoolServiceFactoryImpl } from 'cognito-local/lib/services/userPoolService.js';
import type { CognitoService } from 'cognito-local/lib/services/cognitoService.js';
import type { Context } from 'cognito-local/lib/services/context.js';

/** Issuer domain baked into tokens. A fixed label (cognito-local's own default), not a listening
 * address: keeping it stable lets sessions survive a restart on another port. */
export const ISSUER_DOMAIN = 'http://localhost:9229';

export interface CognitoEngine {
  cognito: CognitoService;
  /** Runs one cognito-local target (e.g. "AdminCreateUser") with its JSON request. */
  call<T = any>(target: string, request: unknown): Promise<T>;
  ctx: Context;
  /** Runs `fn` in the same one-at-a-time queue as `call` (for direct data-store writes). */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /** Resolves once every call queued so far has finished. */
  idle(): Promise<void>;
}

const silent: any = {
  debug() {},
  info() {},
  warn() {},
  error() {},
  trace() {},
  fatal() {},
  child() {
    return silent;
  },
};

export async function createCognitoEngine(folder: string): Promise<CognitoEngine> {
  const dataDirectory = join(folder, 'db');
  await mkdir(dataDirectory, { recursive: true });
  const ctx = { logger: silent } as Context;
  const clock = new DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(dataDirectory);
  const cognito = await new CognitoServiceFactoryImpl(
    dataDirectory,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, { UsernameAttributes: ['email'] });
  // No Lambda triggers locally: the lambda client is never invoked, so no AWS SDK v2 client.
  const triggers = new TriggersService(clock, cognito, new LambdaService({}, {} as any), {} as any);
  const config = {
    LambdaClient: {},
    TriggerFunctions: {},
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    TokenConfig: { IssuerDomain: ISSUER_DOMAIN },
    KMSConfig: {},
    ServerConfig: { port: 0, hostname: '127.0.0.1', development: false, https: false },
  } as any;
  const services = {
    clock,
    cognito,
    config,
    messages: new MessagesService(triggers, new MessageDeliveryService(new ConsoleMessageSender())),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  const route = Router(services as any);
  // cognito-local rewrites whole JSON files without locking: run one call at a time.
  let queue: Promise<unknown> = Promise.resolve();
  function exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = queue.then(fn);
    queue = run.catch(() => undefined);
    return run;
  }
  const call = <T>(target: string, request: unknown) => exclusive<T>(() => route(target)(ctx, request));
  return { cognito, call, exclusive, ctx, idle: () => queue.then(() => undefined) };
}
