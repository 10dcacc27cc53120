/** The public request-access form, validated at the edge. */
import { z } from 'zod';

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

function text(max: number) {
  return z
    .string()
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`)
    .refine((s) => !CONTROL.test(s), { message: 'must not contain control characters' });
}

export const accessRequestSchema = z.object({
  firstName: text(100),
  lastName: text(100),
  email: z
    .string()
    .trim()
    .max(254, 'must be at most 254 characters')
    .pipe(z.email({ message: 'must be a valid e-mail address' }))
    .transform((e) => e.toLowerCase()),
  organization: text(200),
  jobTitle: text(200),
  reason: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(2000, 'must be at most 2000 characters')
    // Line breaks and tabs are fine in a free-text reason; other control characters are not.
    .refine((s) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/.test(s), { message: 'must not contain control characters' }),
  phoneNumber: z
    .string()
    .trim()
    .max(40, 'must be at most 40 characters')
    .regex(/^[0-9+()\-./ ]*$/, 'may contain only digits, spaces and + ( ) - . /')
    .optional(),
});

export type AccessRequestInput = z.infer<typeof accessRequestSchema>;

export const rejectSchema = z
  .object({ reason: z.string().trim().max(1000, 'must be at most 1000 characters').optional() })
  .optional()
  .default({});
