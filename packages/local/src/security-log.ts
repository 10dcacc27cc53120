/**
 * Where the local sign-in's security events go: one structured JSON line each in the server log
 * (`"msg":"security event"`), warnings for failures and lockouts; events of an administrator's
 * account also become a `SECURITY` entry of the audit log that Risk Management shows.
 */
import type { Logger } from '@app/functions/ports/index.ts';
import { writeAudit } from '@app/functions/services/risk/audit-log.ts';
import type { Services } from '@app/functions/services/types.ts';
import type { SecurityEvent, SecurityEventSink } from './cognito/security-events.ts';

const WARNINGS = new Set<SecurityEvent['event']>(['sign-in-failed', 'sign-in-refused-locked', 'account-locked', 'reset-code-failed']);

/** @param services returns the services once built (events before that only reach the log). */
export function createSecurityLog(log: Logger, services: () => Services | undefined): SecurityEventSink {
  return async (event) => {
    const { event: name, ...data } = event;
    (WARNINGS.has(name) ? log.warn : log.info)('security event', { event: name, ...data });
    const built = services();
    if (!event.admin || !built) return;
    try {
      await writeAudit(built, {
        action: 'SECURITY',
        itemType: 'account',
        itemId: event.email ?? event.sub ?? 'unknown',
        userId: event.sub ?? 'unknown',
        previousValue: null,
        newValue: { event: name, via: event.via, ...(event.address ? { address: event.address } : {}), ...event.detail },
      });
    } catch (e) {
      log.warn('could not write a security event to the audit log', { event: name, error: String(e) });
    }
  };
}
