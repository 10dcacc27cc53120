import { parseArgs } from 'node:util';

export const USAGE = `Usage: sap-analyzer analyze FILE... --out DIR [options]

Analyses SAP security audit exports (SM20/RSAU_READ_LOG, CDHDR, CDPOS, tickets) offline and
writes DIR/results.xlsx and DIR/results.csv.

Options:
  --out DIR               output folder (created if missing)
  --json                  print the analysis as one JSON document on stdout
  --tcodes CSV            high-risk transaction codes (columns TCODE,CATEGORY,DESCRIPTION) instead of the defaults
  --tables CSV            high-risk tables (columns TABNAME,CATEGORY,DESCRIPTION) instead of the defaults
  --holidays CC[-REGION]  holiday calendar for CHANGE_TIMING_FLAG, e.g. US (default), DE-BY
  --ai-provider NAME      AI annotation provider (e.g. openai); off when unset
  --ai-base-url URL       base URL of an OpenAI-compatible endpoint
  --ai-model ID           model id
  -h, --help              show this help
`;

export interface AiOptions {
  provider: string;
  baseUrl?: string;
  model?: string;
}

export interface AnalyzeCommand {
  command: 'analyze';
  files: string[];
  out: string;
  json: boolean;
  tcodes?: string;
  tables?: string;
  holidays?: string;
  ai?: AiOptions;
}

export type ParsedCommand = AnalyzeCommand | { command: 'help' };

export class UsageError extends Error {
  override name = 'UsageError';
}

/** Parses argv (without node and script). Throws UsageError with a one-line reason. */
export function parseCliArgs(argv: string[]): ParsedCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        out: { type: 'string' },
        json: { type: 'boolean', default: false },
        tcodes: { type: 'string' },
        tables: { type: 'string' },
        holidays: { type: 'string' },
        'ai-provider': { type: 'string' },
        'ai-base-url': { type: 'string' },
        'ai-model': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return { command: 'help' };
  const [command, ...files] = positionals;
  if (command !== 'analyze') throw new UsageError(command ? `unknown command "${command}"; expected "analyze"` : 'missing command; expected "analyze FILE... --out DIR"');
  if (files.length === 0) throw new UsageError('no input files; expected "analyze FILE... --out DIR"');
  if (!values.out) throw new UsageError('missing --out DIR');
  if (values.holidays !== undefined && !/^[A-Za-z]{2}(-[A-Za-z0-9]{1,4})?$/.test(values.holidays)) {
    throw new UsageError(`--holidays "${values.holidays}" is not CC or CC-REGION (e.g. US, DE-BY)`);
  }
  const provider = values['ai-provider'];
  return {
    command: 'analyze',
    files,
    out: values.out,
    json: values.json ?? false,
    tcodes: values.tcodes,
    tables: values.tables,
    holidays: values.holidays,
    ai: provider ? { provider, baseUrl: values['ai-base-url'], model: values['ai-model'] } : undefined,
  };
}
