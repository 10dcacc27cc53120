/** Extracts SST's platform once, and builds the web app when its output is missing (StaticSite uploads web/dist). */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensureSstPlatform, REPO_ROOT } from './sst-platform.ts';

export default function setup() {
  ensureSstPlatform();
  if (!existsSync(join(REPO_ROOT, 'web/dist/index.html'))) {
    execFileSync('npm', ['run', 'build:web'], { cwd: REPO_ROOT, stdio: 'inherit' });
  }
}
