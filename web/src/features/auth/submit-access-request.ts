import { getConfig } from '../../config.ts';
import { extractErrorMessage } from '../../api/api-error.ts';

export interface AccessRequest {
  firstName: string;
  lastName: string;
  email: string;
  organization: string;
  jobTitle: string;
  reason: string;
  phoneNumber?: string;
}

/** POST /request-access (public). Throws with the spec's messages. */
export async function submitAccessRequest(request: AccessRequest): Promise<void> {
  let res: Response;
  try {
    res = await fetch(`${getConfig().apiUrl}/request-access`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(request),
    });
  } catch {
    throw new Error('Failed to submit request. Please try again.');
  }
  if (res.ok) return;
  const body = await res.json().catch(() => undefined);
  throw new Error(extractErrorMessage(body, 'Failed to submit request'));
}
