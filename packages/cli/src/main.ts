import { isEngineError } from '@app/core';
import { parseCliArgs, USAGE, UsageError } from './parse-args.ts';
import { runAnalyze, toJsonDocument } from './run-analyze.ts';
import { streamWriter, writeJsonDocument } from './json-output.ts';

/** One line on stderr, exit code 1: what went wrong with which file. */
function fail(message: string): never {
  process.stderr.write(`sap-analyzer: ${message.replace(/\s*\n\s*/g, ' ')}\n`);
  process.exit(1);
}

try {
  const cmd = parseCliArgs(process.argv.slice(2));
  if (cmd.command === 'help') {
    process.stdout.write(USAGE);
  } else {
    const report = await runAnalyze(cmd);
    if (cmd.json) await writeJsonDocument(toJsonDocument(report), streamWriter(process.stdout));
    else {
      const s = report.summary;
      process.stderr.write(`${s.total_records} records, ${s.flagged_records} flagged (risk ${report.risk}${report.risk_reason ? `: ${report.risk_reason}` : ''}); wrote ${cmd.out}/results.xlsx and ${cmd.out}/results.csv\n`);
      if (report.risk === 'No data') process.stderr.write(report.no_data_reason ? `No data: ${report.no_data_reason}\n` : `No data: no records were found in ${report.files.map((f) => f.name).join(', ')}, so nothing was checked\n`);
      const ai = report.ai;
      if (ai) process.stderr.write(`AI: ${ai.annotated} records annotated, ${ai.notAnnotated} not${ai.reason ? ` (${ai.reason})` : ''}\n`);
    }
  }
} catch (e) {
  if (e instanceof UsageError) fail(`${e.message} (see --help)`);
  if (isEngineError(e)) fail(e.message);
  fail(`unexpected error: ${(e as Error).message}`);
}
