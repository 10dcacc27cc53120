import { parseArgs } from 'node:util';
import { SETTING_KEYS } from '@app/core';
import { WATCHLISTS, type WatchlistKind } from '@app/core/lists/index.ts';

/** The keys of the settings file (the settings the rule modules declare), wrapped as the help's column. */
function settingKeysText(): string {
  const lines: string[] = [];
  let line = 'detection settings:';
  for (const word of [...SETTING_KEYS, 'timeZone'].map((k, i, all) => (i < all.length - 1 ? `${k},` : `${k} (see the README)`))) {
    if (line.length + 1 + word.length > 74) {
      lines.push(line);
      line = word;
    } else line += ` ${word}`;
  }
  lines.push(line);
  return lines.join(`\n${' '.repeat(26)}`);
}

/** One option per list of the lists' table (WATCHLISTS in core: a new list is a line there), wrapped as the help's column. */
function watchlistOptionsText(): string {
  return WATCHLISTS.map((l) => {
    const lines: string[] = [];
    let line = `  --${l.flag} CSV`.padEnd(26);
    for (const word of `${l.help} instead of the defaults`.split(' ')) {
      if (line.length + 1 + word.length > 104 && line.trim() !== '') {
        lines.push(line);
        line = `${' '.repeat(26)}${word}`;
      } else line += line.endsWith(' ') ? word : ` ${word}`;
    }
    lines.push(line);
    return lines.join('\n');
  }).join('\n');
}

export const USAGE = `Usage: sap-analyzer analyze FILE... --out DIR [options]

Analyses SAP security audit exports (SM20/RSAU_READ_LOG, CDHDR, CDPOS, tickets) offline and
writes DIR/results.xlsx and DIR/results.csv.

Options:
  --out DIR               output folder (created if missing)
  --json                  print the analysis as one JSON document on stdout
  --tcodes CSV            high-risk transaction codes (columns TCODE,CATEGORY,DESCRIPTION) instead of the defaults
  --tables CSV            high-risk tables (columns TABNAME,CATEGORY,DESCRIPTION) instead of the defaults
${watchlistOptionsText()}
  --settings FILE.json    ${settingKeysText()}
  --holidays CC[-REGION]  holiday calendar for CHANGE_TIMING_FLAG, e.g. US (default), DE-BY
  --ai-provider NAME      annotate flagged records with a model: openai (an OpenAI-compatible
                          endpoint, e.g. a local model server) or bedrock (AWS credentials from
                          the environment); off when unset. The API key, if any: AI_API_KEY
  --ai-base-url URL       base URL of the OpenAI-compatible endpoint (required with openai)
  --ai-model ID           model id (openai: as the server names it; bedrock: default Claude 3 Haiku)
  --review-files          also write DIR/timeline-index.bin (each user's records in time order),
                          DIR/high-records.ndjson (the high-severity flagged records) and
                          DIR/findings.ndjson with DIR/findings.offsets (every finding, by case), the
                          files the web app's review screens read; they cost more report time
                          (DIR/cases.json, the cases and the settings of the run, is always written)
  -h, --help              show this help
`;

export interface AiOptions {
  provider: 'openai' | 'bedrock';
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
  /** Per list option (`--roles`), the file that replaces the default list. */
  lists: Partial<Record<WatchlistKind, string>>;
  settings?: string;
  holidays?: string;
  ai?: AiOptions;
  /** --review-files: also timeline-index.bin, high-records.ndjson, findings.ndjson and findings.offsets. */
  reviewFiles: boolean;
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
        ...(Object.fromEntries(WATCHLISTS.map((l) => [l.flag, { type: 'string' }])) as Record<WatchlistKind, { type: 'string' }>),
        settings: { type: 'string' },
        holidays: { type: 'string' },
        'ai-provider': { type: 'string' },
        'ai-base-url': { type: 'string' },
        'ai-model': { type: 'string' },
        'review-files': { type: 'boolean', default: false },
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
  if (provider !== undefined && provider !== 'openai' && provider !== 'bedrock') {
    throw new UsageError(`--ai-provider "${provider}" is not supported; expected openai or bedrock`);
  }
  if (provider === 'openai' && !values['ai-base-url']) throw new UsageError('--ai-provider openai needs --ai-base-url URL');
  if (!provider && (values['ai-base-url'] || values['ai-model'])) throw new UsageError('--ai-base-url and --ai-model need --ai-provider');
  return {
    command: 'analyze',
    files,
    out: values.out,
    json: values.json ?? false,
    tcodes: values.tcodes,
    tables: values.tables,
    lists: Object.fromEntries(WATCHLISTS.flatMap((l) => (typeof values[l.flag] === 'string' ? [[l.flag, values[l.flag]]] : []))),
    settings: values.settings,
    holidays: values.holidays,
    ai: provider ? { provider, baseUrl: values['ai-base-url'], model: values['ai-model'] } : undefined,
    reviewFiles: values['review-files'],
  };
}
