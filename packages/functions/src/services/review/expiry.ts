import { z } from 'zod';

/** Suppressions last at most this long; an auditor renews them deliberately. */
export const MAX_SUPPRESSION_YEARS = 3;

/**
 * An expiry as an ISO instant: a date `YYYY-MM-DD` means the end of that day (UTC), a date-time
 * with a zone is taken as is.
 */
export const expirySchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/, 'expiresAt must be a date (YYYY-MM-DD) or an ISO date-time with a zone')
  .transform((v, ctx) => {
    const ms = Date.parse(v.length === 10 ? `${v}T23:59:59.999Z` : v);
    if (Number.isNaN(ms)) {
      ctx.addIssue({ code: 'custom', message: 'expiresAt is not a real date' });
      return z.NEVER;
    }
    if (ms > Date.now() + MAX_SUPPRESSION_YEARS * 366 * 86_400_000) {
      ctx.addIssue({ code: 'custom', message: `expiresAt may be at most ${MAX_SUPPRESSION_YEARS} years ahead` });
      return z.NEVER;
    }
    return new Date(ms).toISOString();
  });

/** A new suppression must still be in force when it is made. */
export const futureExpirySchema = expirySchema.refine((iso) => Date.parse(iso) > Date.now(), 'expiresAt must be in the future');
