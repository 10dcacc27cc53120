/**
 * The detection thresholds as the API accepts them (DETECTION.md section 4): the same keys as the
 * CLI's `--settings` file, every bound named in the message when a value is out of range.
 */
import { z } from 'zod';
import { cidrProblem } from '@app/core/flags/networks.ts';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

const wholeNumber = (min: number, max: number) =>
  z
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

const clock = z.string({ message: 'must be a time HH:MM' }).regex(HHMM, 'must be a time HH:MM between 00:00 and 23:59');

const window = (maxCount: number) =>
  z.object({ count: wholeNumber(2, maxCount), minutes: wholeNumber(1, 1440) }).strict();

export const thresholdsSchema = z
  .object({
    businessHours: z
      .object({
        start: clock,
        end: clock,
        days: z
          .array(wholeNumber(1, 7), { message: 'must be a list of weekdays (Monday = 1 … Sunday = 7)' })
          .max(7)
          .refine((days) => new Set(days).size === days.length, 'must not repeat a weekday')
          .transform((days) => [...days].sort((a, b) => a - b)),
      })
      .strict()
      .refine((h) => h.start < h.end, { message: 'start must be before end', path: ['end'] }),
    changeVolume: wholeNumber(1, 100_000),
    burst: window(1_000),
    bruteForceMinutes: wholeNumber(1, 1440),
    massDownload: window(100_000),
    openingHours: wholeNumber(1, 168),
    // Added in detection v3: a client that does not send them keeps the saved values.
    passwordResets: window(10_000).optional(),
    sharedLogons: z.object({ addresses: wholeNumber(2, 1_000), minutes: wholeNumber(1, 1440) }).strict().optional(),
    bankPaymentDays: wholeNumber(1, 366).optional(),
    networks: z
      .array(
        z.string({ message: 'must be a CIDR range such as 10.0.0.0/8' }).superRefine((v, c) => {
          const problem = cidrProblem(v);
          if (problem) c.addIssue({ code: 'custom', message: problem });
        }),
        { message: 'must be a list of CIDR ranges such as 10.0.0.0/8' },
      )
      .max(1_000, 'must have at most 1000 ranges')
      .optional(),
  })
  .strict();

export type ThresholdsInput = z.infer<typeof thresholdsSchema>;
