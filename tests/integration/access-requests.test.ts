import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeFirstSignIn } from '../support/auth.ts';
import { startTestStack, type TestClient, type TestStack } from '../support/stack.ts';

const FORM = {
  firstName: 'Ada',
  lastName: 'Auditor',
  email: 'Ada.Auditor@Example.com',
  organization: 'Example AG',
  jobTitle: 'IT Auditor',
  reason: 'Quarterly SAP security review',
  phoneNumber: '+49 30 1234-567',
};

describe('access requests: submit, review, approve through to the first sign-in', () => {
  let stack: TestStack;
  let admin: TestClient;
  let anon: TestClient;

  let submissions = 0;
  const submit = (body: unknown) => {
    submissions++;
    return anon.call('POST', '/request-access', body, {}, { auth: false });
  };

  beforeAll(async () => {
    stack = await startTestStack({ inMemory: true, quietErrors: true });
    admin = await stack.signIn(stack.admin.email, stack.admin.password);
    anon = admin; // calls below pass auth: false, so no token is sent
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('validates the public form, naming each wrong field', async () => {
    const missing = await submit({ ...FORM, reason: undefined });
    expect(missing.status).toBe(400);
    expect(missing.json.error.message).toBe('Invalid request: reason is required');
    const email = await submit({ ...FORM, email: 'not-an-email' });
    expect(email.status).toBe(400);
    expect(email.json.error.message).toBe('Invalid request: email: must be a valid e-mail address');
    const blank = await submit({ ...FORM, firstName: '   ' });
    expect(blank.json.error.message).toBe('Invalid request: firstName: is required');
    const long = await submit({ ...FORM, organization: 'x'.repeat(201) });
    expect(long.json.error.message).toBe('Invalid request: organization: must be at most 200 characters');
    const phone = await submit({ ...FORM, phoneNumber: 'call me' });
    expect(phone.json.error.message).toContain('phoneNumber: may contain only digits');
    const list = await admin.call('GET', '/access-requests');
    expect(list.json.requests).toEqual([]);
  });

  it('stores a request and shows it to administrators as pending', async () => {
    const res = await submit(FORM);
    expect(res.status).toBe(201);
    expect(res.json.message).toBe('Your request has been submitted. An administrator will review it.');
    expect(res.json.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const { phoneNumber: _p, ...withoutPhone } = FORM;
    expect((await submit({ ...withoutPhone, email: 'second@example.com' })).status).toBe(201);

    const pending = await admin.call('GET', '/access-requests?status=pending');
    expect(pending.status).toBe(200);
    expect(pending.json.requests).toHaveLength(2);
    const mine = pending.json.requests.find((r: { requestId: string }) => r.requestId === res.json.requestId);
    expect(mine).toEqual({
      ...FORM,
      email: 'ada.auditor@example.com',
      requestId: res.json.requestId,
      status: 'pending',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('approves: invites the user, who must set a new password on first sign-in; approving twice is 409', async () => {
    const pending = (await admin.call('GET', '/access-requests?status=pending')).json.requests;
    const ada = pending.find((r: { email: string }) => r.email === 'ada.auditor@example.com');
    const approved = await admin.call('POST', `/access-requests/${ada.requestId}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.json.request).toMatchObject({ requestId: ada.requestId, status: 'approved', reviewedBy: admin.sub });
    expect(approved.json.message).toBe('Access approved; an invitation was sent to ada.auditor@example.com');
    expect(JSON.stringify(approved.json)).not.toContain('temporaryPassword');

    const invitations = (await readFile(join(stack.dataDir, 'invitations.log'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
    const invitation = invitations.find((i: { email: string }) => i.email === 'ada.auditor@example.com');
    expect(invitation.temporaryPassword).toEqual(expect.any(String));

    const { firstStep, signedIn } = await completeFirstSignIn({
      userPoolId: stack.local.config.userPoolId,
      clientId: stack.local.config.userPoolClientId,
      endpoint: `${stack.url}/cognito`,
      email: 'ada.auditor@example.com',
      temporaryPassword: invitation.temporaryPassword,
      newPassword: 'Ada-Chosen-Pass1!',
    });
    expect(firstStep).toBe('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED');
    expect(signedIn.groups).toEqual([]);
    const ada2 = await stack.signIn('ada.auditor@example.com', 'Ada-Chosen-Pass1!');
    expect((await ada2.call('GET', '/csrf-token')).status).toBe(200);
    const refused = await ada2.call('GET', '/access-requests');
    expect(refused.status).toBe(403);

    const twice = await admin.call('POST', `/access-requests/${ada.requestId}/approve`);
    expect(twice.status).toBe(409);
    expect(twice.json.error.message).toBe(`Access request ${ada.requestId} was already approved`);
    const rejectApproved = await admin.call('POST', `/access-requests/${ada.requestId}/reject`, {});
    expect(rejectApproved.status).toBe(409);

    const audit = await admin.call('GET', `/risk-audit-log?itemId=${ada.requestId}`);
    expect(audit.json.auditLog).toHaveLength(1);
    expect(audit.json.auditLog[0]).toMatchObject({
      action: 'APPROVE',
      itemType: 'access_request',
      userId: admin.sub,
      previousValue: { status: 'pending' },
      newValue: { status: 'approved', email: 'ada.auditor@example.com' },
    });
  });

  it('rejects with a reason, audited; unknown IDs are 404', async () => {
    const second = (await admin.call('GET', '/access-requests?status=pending')).json.requests[0];
    expect(second.email).toBe('second@example.com');
    const rejected = await admin.call('POST', `/access-requests/${second.requestId}/reject`, { reason: 'Unknown organisation' });
    expect(rejected.status).toBe(200);
    expect(rejected.json.request).toMatchObject({ status: 'rejected', rejectionReason: 'Unknown organisation' });
    expect((await admin.call('GET', '/access-requests?status=pending')).json.requests).toEqual([]);
    const all = (await admin.call('GET', '/access-requests')).json.requests;
    expect(all.map((r: { status: string }) => r.status).sort()).toEqual(['approved', 'rejected']);
    const audit = await admin.call('GET', `/risk-audit-log?itemId=${second.requestId}`);
    expect(audit.json.auditLog[0]).toMatchObject({ action: 'REJECT', newValue: { status: 'rejected', reason: 'Unknown organisation' } });

    const unknown = await admin.call('POST', '/access-requests/00000000-0000-4000-8000-000000000000/approve');
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.message).toBe('Access request 00000000-0000-4000-8000-000000000000 not found');
    const badStatus = await admin.call('GET', '/access-requests?status=open');
    expect(badStatus.status).toBe(400);
  });

  it('keeps the request pending when the identity service refuses the invitation', async () => {
    const res = await submit({ ...FORM, email: stack.user.email });
    const attempt = await admin.call('POST', `/access-requests/${res.json.requestId}/approve`);
    expect(attempt.status).toBe(409);
    expect(attempt.json.error.message).toBe('A user with this e-mail address already exists');
    const pending = (await admin.call('GET', '/access-requests?status=pending')).json.requests;
    expect(pending.map((r: { requestId: string }) => r.requestId)).toEqual([res.json.requestId]);
    expect((await admin.call('GET', `/risk-audit-log?itemId=${res.json.requestId}`)).json.auditLog).toEqual([]);
  });

  it('rate-limits the public form per client address', async () => {
    // Every submission of this suite counts, valid or not; the limit is 20 per 10 minutes.
    const allowed = 20 - submissions;
    expect(allowed).toBeGreaterThan(0);
    const statuses: number[] = [];
    for (let i = 0; i <= allowed; i++) statuses.push((await submit({ ...FORM, email: `bulk${i}@example.com` })).status);
    expect(statuses).toEqual([...Array(allowed).fill(201), 429]);
    const limited = await submit(FORM);
    expect(limited.json.error.message).toBe('Too many access requests from your address; please try again in a few minutes');
  });
});
