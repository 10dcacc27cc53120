/** Seeding and invitations on the local pool, through cognito-local's own admin calls. */
import { generateTemporaryPassword } from '@app/functions/adapters/identity/temporary-password.ts';
import type { CognitoEngine } from './cognito-engine.ts';
import type { Launcher } from './launcher.ts';

export async function ensureUser(
  engine: CognitoEngine,
  launcher: Launcher,
  userPoolId: string,
  input: { email: string; password: string; groups: string[] },
): Promise<void> {
  let user = await launcher.findUser(input.email);
  if (!user) {
    await engine.call('AdminCreateUser', {
      UserPoolId: userPoolId,
      Username: input.email,
      MessageAction: 'SUPPRESS',
      TemporaryPassword: input.password,
      UserAttributes: [
        { Name: 'email', Value: input.email },
        { Name: 'email_verified', Value: 'true' },
      ],
    });
    user = await launcher.findUser(input.email);
  }
  if (!user) throw new Error(`Could not create the local user ${input.email}`);
  await engine.call('AdminSetUserPassword', {
    UserPoolId: userPoolId,
    Username: user.Username,
    Password: input.password,
    Permanent: true,
  });
  for (const group of input.groups) {
    const existing = await engine.call('ListGroups', { UserPoolId: userPoolId });
    if (!existing.Groups?.some((g: { GroupName: string }) => g.GroupName === group)) {
      await engine.call('CreateGroup', { UserPoolId: userPoolId, GroupName: group });
    }
    await engine.call('AdminAddUserToGroup', { UserPoolId: userPoolId, Username: user.Username, GroupName: group });
  }
}

export async function inviteUser(
  engine: CognitoEngine,
  userPoolId: string,
  email: string,
  attrs: { firstName?: string; lastName?: string } = {},
): Promise<{ temporaryPassword: string }> {
  const temporaryPassword = generateTemporaryPassword();
  const attributes = [
    { Name: 'email', Value: email },
    { Name: 'email_verified', Value: 'true' },
    ...(attrs.firstName ? [{ Name: 'given_name', Value: attrs.firstName }] : []),
    ...(attrs.lastName ? [{ Name: 'family_name', Value: attrs.lastName }] : []),
  ];
  await engine.call('AdminCreateUser', {
    UserPoolId: userPoolId,
    Username: email,
    MessageAction: 'SUPPRESS',
    TemporaryPassword: temporaryPassword,
    UserAttributes: attributes,
  });
  return { temporaryPassword };
}
