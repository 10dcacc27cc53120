/**
 * The detection thresholds as the API accepts them (DETECTION.md section 4): the settings the rule
 * modules declare, checked by core's checkThresholds as the CLI's `--settings` file is (every bound
 * named in the message when a value is out of range). Every key is optional: a client that does not
 * send a key (one from before it existed) keeps the saved value.
 */
import { z } from 'zod';
import { checkThresholds, type DetectionThresholds } from '@app/core';

export type ThresholdsInput = Partial<DetectionThresholds>;

export const thresholdsSchema = z.unknown().transform((body, ctx): ThresholdsInput => {
  const checked = checkThresholds(body);
  if ('value' in checked) return checked.value;
  ctx.addIssue({ code: 'custom', path: checked.problem.path, message: checked.problem.message });
  return z.NEVER;
});
