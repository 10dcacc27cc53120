/// <reference path="../.sst/platform/config.d.ts" />
/**
 * Sign-in on AWS: a Cognito user pool with the e-mail address as user name, a web client for
 * Amplify v6 (SRP sign-in and refresh, no secret), the `admins` group, and the app secret that
 * signs CSRF tokens. Signup is by invitation only (access requests approved by an admin).
 *
 * Invitation mails: Cognito's own sender allows about 50 a day. With `COGNITO_SES_IDENTITY_ARN`
 * (a verified SES identity in the pool's region) and `COGNITO_FROM_ADDRESS` in the stage's
 * settings file, Cognito sends through SES instead (docs/deployment.md).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { settings } from './settings';
import { bucket, table } from './storage';

/** Cognito's sender, or SES when the stage's settings name a verified identity. */
export function cognitoEmailConfiguration(stage: Pick<typeof settings, 'COGNITO_SES_IDENTITY_ARN' | 'COGNITO_FROM_ADDRESS'> = settings) {
  const sourceArn = stage.COGNITO_SES_IDENTITY_ARN;
  if (!sourceArn) return { emailSendingAccount: 'COGNITO_DEFAULT' };
  if (!stage.COGNITO_FROM_ADDRESS) throw new Error('COGNITO_SES_IDENTITY_ARN is set: set COGNITO_FROM_ADDRESS (e.g. "SAP Security Analyzer <no-reply@example.com>") as well');
  return { emailSendingAccount: 'DEVELOPER', sourceArn: String(sourceArn), fromEmailAddress: String(stage.COGNITO_FROM_ADDRESS) };
}

export const userPool = new sst.aws.CognitoUserPool('UserPool', {
  usernames: ['email'],
  transform: {
    userPool: (args: any) => {
      args.adminCreateUserConfig = { allowAdminCreateUserOnly: true };
      args.emailConfiguration = cognitoEmailConfiguration();
      // Users have no phone number: recovery is by e-mail only.
      args.accountRecoverySetting = { recoveryMechanisms: [{ name: 'verified_email', priority: 1 }] };
      // TOTP (an authenticator app) offered to everyone, SMS not offered. Administrators must have it:
      // Cognito has no MFA per group, so the API's admin check asks AdminGetUser and the web app
      // sends an administrator without it to enrolment (docs/security.md, "Two-factor authentication").
      args.mfaConfiguration = 'OPTIONAL';
      args.softwareTokenMfaConfiguration = { enabled: true };
      args.deletionProtection = $app.stage === 'prod' ? 'ACTIVE' : 'INACTIVE';
      // Advanced security (threat protection) in audit mode: Cognito scores and logs risky sign-ins
      // (compromised credentials, unusual devices and places) without blocking them yet.
      args.userPoolAddOns = { advancedSecurityMode: 'AUDIT' };
      args.passwordPolicy = {
        minimumLength: 12,
        requireLowercase: true,
        requireUppercase: true,
        requireNumbers: true,
        requireSymbols: true,
        temporaryPasswordValidityDays: 7,
      };
    },
  },
});

export const webClient = userPool.addClient('WebClient', {
  transform: {
    client: (args: any) => {
      args.generateSecret = false;
      args.explicitAuthFlows = ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'];
      // No answer tells whether an account exists: an unknown e-mail gets "Incorrect username or
      // password." like a wrong password (the local pool answers the same; docs/security.md).
      args.preventUserExistenceErrors = 'ENABLED';
      args.enableTokenRevocation = true;
      // Users may not change their e-mail (their sign-in name) or groups-related data themselves.
      args.writeAttributes = ['given_name', 'family_name'];
      // No hosted UI: sign-in happens in the app through Amplify.
      args.allowedOauthFlowsUserPoolClient = false;
      args.allowedOauthFlows = undefined;
      args.allowedOauthScopes = undefined;
      args.callbackUrls = undefined;
    },
  },
});

export const adminsGroup = new aws.cognito.UserGroup('AdminsGroup', {
  name: 'admins',
  userPoolId: userPool.id,
  description: 'May use Risk Management and review access requests',
});

/**
 * Signs CSRF tokens. Set once per stage: `npx sst secret set AppSecret "$(openssl rand -base64 32)" --stage prod`.
 * Linked to the API only: SST writes it encrypted into the bundle (resource.enc), never into an
 * environment variable (packages/functions/src/config/linked-resources.ts reads it).
 */
export const appSecret = new sst.Secret('AppSecret');

/**
 * The variables packages/functions/src/config/index.ts reads, for every function of the app.
 * The API adds API_URL and STATE_MACHINE_ARN; both add the AI settings (stacks/ai.ts).
 */
export const runtimeEnvironment = {
  APP_MODE: 'aws',
  TABLE_NAME: table.name,
  BUCKET_NAME: bucket.name,
  USER_POOL_ID: userPool.id,
  USER_POOL_CLIENT_ID: webClient.id,
  // The release, not the deploy: the same code keeps the same function configuration. The build
  // date is the web build's own (the About page shows it); in a function's environment it changed
  // both functions on every deploy.
  APP_VERSION: (JSON.parse(readFileSync(join($cli.paths.root, 'package.json'), 'utf8')) as { version: string }).version,
};
