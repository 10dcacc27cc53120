/** Modules of the analytics heatmap (DECISIONS.md 1). */
export const MODULES = ['FI', 'CO', 'MM', 'SD', 'HR', 'BASIS', 'ABAP', 'BC'] as const;
export type Module = (typeof MODULES)[number];

// Whole transaction codes whose prefix would mislead (checked first).
const EXACT: Record<string, Module> = {
  MIGO: 'MM', MIRO: 'MM', MMBE: 'MM', XK01: 'MM', XK02: 'MM', XK03: 'MM', MK01: 'MM', MK02: 'MM',
  XD01: 'SD', XD02: 'SD', XD03: 'SD', BP: 'BC', PFCG: 'BASIS', SPRO: 'BC', SA38: 'ABAP', SM35: 'BASIS',
  SCC4: 'BASIS', STMS: 'BASIS', SNOTE: 'BASIS', SPAM: 'BASIS', SAINT: 'BASIS', SCOT: 'BASIS', SOST: 'BASIS',
  SE01: 'BASIS', SE06: 'BASIS', SE09: 'BASIS', SE10: 'BASIS', SE16: 'BASIS', SE16N: 'BASIS', SE17: 'BASIS',
};
// Prefixes, longest first (SAP's naming habits: F* finance, K* controlling, M* materials, V* sales, P* personnel …).
const PREFIXES: [string, Module][] = (
  [
    ['S_ALR', 'FI'], ['FB', 'FI'], ['FK', 'FI'], ['FD', 'FI'], ['FS', 'FI'], ['F-', 'FI'], ['F1', 'FI'], ['FAGL', 'FI'], ['OB', 'FI'], ['AS', 'FI'], ['AB', 'FI'], ['AW', 'FI'], ['F', 'FI'],
    ['KS', 'CO'], ['KO', 'CO'], ['KE', 'CO'], ['KP', 'CO'], ['KA', 'CO'], ['OKB', 'CO'], ['K', 'CO'],
    ['ME', 'MM'], ['MM', 'MM'], ['MB', 'MM'], ['MI', 'MM'], ['MD', 'MM'], ['MR', 'MM'], ['M', 'MM'],
    ['VA', 'SD'], ['VL', 'SD'], ['VF', 'SD'], ['VD', 'SD'], ['VK', 'SD'], ['V', 'SD'],
    ['PA', 'HR'], ['PP', 'HR'], ['PT', 'HR'], ['PC', 'HR'], ['PU', 'HR'], ['HR', 'HR'], ['P', 'HR'],
    ['SE', 'ABAP'], ['SAT', 'ABAP'], ['ST22', 'ABAP'], ['SCI', 'ABAP'], ['ATC', 'ABAP'],
    ['SM', 'BASIS'], ['ST', 'BASIS'], ['SU', 'BASIS'], ['RZ', 'BASIS'], ['AL', 'BASIS'], ['DB', 'BASIS'], ['SP', 'BASIS'], ['OS', 'BASIS'], ['SCC', 'BASIS'], ['SW', 'BASIS'], ['SLG', 'BASIS'], ['STRUST', 'BASIS'],
  ] as [string, Module][]
).sort((a, b) => b[0].length - a[0].length);

/**
 * Module of a transaction code for the heatmap; tcodes that fit no application module count as
 * BC (cross-application basis components, e.g. BP, SBWP, /UI2/FLP). Empty tcode: undefined.
 * @example moduleOfTcode('FB01') // 'FI'
 */
const cache = new Map<string, Module>();

export function moduleOfTcode(tcode: string): Module | undefined {
  if (tcode === '') return undefined;
  const known = cache.get(tcode);
  if (known) return known;
  const module = classify(tcode);
  if (cache.size < 100_000) cache.set(tcode, module);
  return module;
}

function classify(tcode: string): Module {
  const t = tcode.toUpperCase();
  const exact = EXACT[t];
  if (exact) return exact;
  for (const [prefix, module] of PREFIXES) if (t.startsWith(prefix)) return module;
  return 'BC';
}
