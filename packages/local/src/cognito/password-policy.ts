import { CognitoApiError } from './cognito-errors.ts';

interface PasswordPolicy {
  MinimumLength?: number;
  RequireUppercase?: boolean;
  RequireLowercase?: boolean;
  RequireNumbers?: boolean;
  RequireSymbols?: boolean;
}

/**
 * Cognito checks a new password against the pool's policy; cognito-local does not, so a weak
 * password chosen at first sign-in would work locally and fail on AWS. Throws Cognito's error.
 */
export function checkPasswordPolicy(password: unknown, policy: PasswordPolicy = {}, parameter = 'NEW_PASSWORD'): void {
  if (typeof password !== 'string' || password.length === 0) {
    throw new CognitoApiError('InvalidParameterException', `Missing required parameter ${parameter}`);
  }
  const problems: string[] = [];
  if (password.length < (policy.MinimumLength ?? 8)) problems.push('Password not long enough');
  if (policy.RequireUppercase && !/[A-Z]/.test(password)) problems.push('Password must have uppercase characters');
  if (policy.RequireLowercase && !/[a-z]/.test(password)) problems.push('Password must have lowercase characters');
  if (policy.RequireNumbers && !/[0-9]/.test(password)) problems.push('Password must have numeric characters');
  if (policy.RequireSymbols && !/[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/.test(password)) {
    problems.push('Password must have symbol characters');
  }
  if (problems.length > 0) {
    throw new CognitoApiError('InvalidPasswordException', `Password does not conform to policy: ${problems[0]}`);
  }
}
