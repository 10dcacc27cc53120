/**
 * Extracts SST's platform, builds the web app when its output is missing (StaticSite uploads
 * web/dist), and synthesises the app once with the default settings for the suites that read it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureSstPlatform, REPO_ROOT } from './sst-platform.ts';
import { DEFAULT_SYNTHESIS_FILE, synthesise } from './synth.ts';

export default async function setup() {
  ensureSstPlatform();
  if (!existsSync(join(REPO_ROOT, 'web/dist/index.html'))) {
    execFileSync('npm', ['run', 'build:web'], { cwd: REPO_ROOT, stdio: 'inherit' });
  }
  const synthesis = await synthesise({}, { sharedArtifacts: true });
  mkdirSync(join(DEFAULT_SYNTHESIS_FILE, '..'), { recursive: true });
  writeFileSync(DEFAULT_SYNTHESIS_FILE, JSON.stringify(synthesis));
}
