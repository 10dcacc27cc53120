import { Amplify } from 'aws-amplify';
import type { RuntimeConfig } from '../config.ts';

/** Points Amplify at the user pool from /config.json (and at the local endpoint when given). */
export function configureAmplify(config: RuntimeConfig): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: { email: true },
      },
    },
  });
}
