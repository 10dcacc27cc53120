import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * Packed facts must never share a V8 hidden class with the live facts a thread is still collecting
 * (facts-transfer.ts): a shared class with other value types makes V8 drop the optimised step-1 loop.
 * Checked in a child Node with V8's own `%HaveSameMap`, which only `--allow-natives-syntax` allows.
 */
describe('facts crossing threads', () => {
  it('packed facts, their groups and the facts file view share no hidden class with live facts', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'facts-maps-'));
    try {
      const script = join(dir, 'maps.ts');
      await writeFile(script, `
import { FactsCollector } from ${JSON.stringify(here('../engine/parse/collect-facts.ts'))};
import { packFacts, unpackFacts } from ${JSON.stringify(here('./facts-transfer.ts'))};
import { writableFacts } from ${JSON.stringify(here('./writable-facts.ts'))};
const sameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;
const meta = { fileName: 'sm20.csv', fileType: 'SM20', columns: [], canonical: {}, joined: false, dateOrder: 'DMY' } as never;
const live = new FactsCollector(0, meta).facts as unknown as Record<string, object>;
const packed = packFacts(new FactsCollector(0, meta).facts) as unknown as Record<string, object>;
const back = unpackFacts(structuredClone(packed) as never) as unknown as Record<string, object>;
const groups = ['sm20Changes', 'debuggerChanges', 'tableChanges', 'failedLogons', 'securityEvents', 'logons', 'userAdmin', 'docs', 'afterHoursSensitive', 'tickets', 'itemKeys', 'sensitiveItemKeys'];
console.log(JSON.stringify({
  packed: [sameMap(live, packed), sameMap(live.volume, packed.volume), ...groups.map((g) => sameMap(live[g], packed[g]))],
  writable: sameMap(live, writableFacts(new FactsCollector(0, meta).facts)),
  unpacked: groups.every((g) => back[g] && typeof back[g] === 'object'),
}));
`);
      const run = spawnSync(process.execPath, ['--allow-natives-syntax', '--import', 'tsx', script], { encoding: 'utf8' });
      expect(run.stderr).toBe('');
      const out = JSON.parse(run.stdout) as { packed: boolean[]; writable: boolean; unpacked: boolean };
      expect(out.packed.length).toBe(14);
      expect(out.packed.every((same) => !same)).toBe(true);
      expect(out.writable).toBe(false);
      expect(out.unpacked).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
