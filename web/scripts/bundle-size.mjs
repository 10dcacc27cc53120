// Measures the gzip size of the JavaScript the first screens load: the entry chunk and
// everything it imports statically, plus a named lazy route (default: the dashboard).
// Usage: node web/scripts/bundle-size.mjs [dist dir]   (after `npm run build:web`)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? new URL('../dist', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(dep, seen);
  return seen;
}
function gzipKb(keys) {
  let raw = 0;
  let gz = 0;
  for (const k of keys) {
    const buf = readFileSync(join(dist, manifest[k].file));
    raw += buf.length;
    gz += gzipSync(buf, { level: 9 }).length;
  }
  return { raw: (raw / 1024).toFixed(1), gzip: (gz / 1024).toFixed(1) };
}
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const entryKeys = closure(entry);
const lazyKey = (name) => Object.keys(manifest).find((k) => k.endsWith(name));
const report = { entry: gzipKb(entryKeys) };
for (const [label, file] of [
  ['login screen (entry + login)', 'features/auth/LoginRoute.tsx'],
  ['dashboard (entry + dashboard)', 'features/dashboard/HomePage.tsx'],
  ['analytics (entry + page, no chart)', 'features/analytics/AnalyticsPage.tsx'],
  ['timeline chart (ECharts, lazy)', 'features/analytics/TimelineChart.tsx'],
]) {
  const k = lazyKey(file);
  if (!k) continue;
  const keys = label.startsWith('timeline') ? closure(k) : closure(k, new Set(entryKeys));
  // Signed-in screens render inside the lazily loaded shell.
  if (!label.startsWith('login')) closure(lazyKey('features/shell/AppLayout.tsx'), keys);
  report[label] = gzipKb(keys);
}
for (const [label, v] of Object.entries(report)) console.log(`${label.padEnd(34)} ${v.raw.padStart(8)} kB raw  ${v.gzip.padStart(7)} kB gzip`);
