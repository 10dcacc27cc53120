/** A failed analysis's stored error as a sentence an auditor can act on. */
const RAW_REASONS: [RegExp, string][] = [
  [/States\.Timeout|timed? ?out/i, 'The analysis took too long and was stopped. Try fewer or smaller files.'],
  [/interrupted|server (?:was )?restarted/i, 'The analysis was interrupted (the server stopped while it ran). Start it again.'],
  [/out of memory|heap/i, 'The server ran out of memory on these files. Try them one at a time.'],
  [/States\.|Lambda\.|TaskFailed|Runtime\./, 'The analysis stopped because of an internal error. Start it again; if it fails again, contact your administrator.'],
];

/**
 * @example failureReason('EngineError: sm20.csv: No header row found') // 'sm20.csv: No header row found'
 */
export function failureReason(error: string | null | undefined): string {
  let text = (error ?? '').trim();
  if (text === '') return 'No reason was recorded for this failure.';
  // Step Functions hand errors on as JSON ({"errorMessage": …}); the message is what matters.
  if (text.startsWith('{')) {
    try {
      const parsed = JSON.parse(text) as { errorMessage?: unknown; message?: unknown; Cause?: unknown };
      const inner = parsed.errorMessage ?? parsed.message ?? parsed.Cause;
      if (typeof inner === 'string' && inner !== text) return failureReason(inner);
    } catch {
      // not JSON after all: read it as text
    }
  }
  text = text.replace(/^(?:\w*Error|Error):\s*/, '').split('\n')[0]!.replace(/\s+at\s.+$/, '').trim();
  for (const [pattern, sentence] of RAW_REASONS) if (pattern.test(text)) return sentence;
  return text.length > 300 ? `${text.slice(0, 297)}…` : text;
}
