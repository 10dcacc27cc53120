/** Every dependency's install script is approved or denied in package.json, so npm 11 warns about none. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { REPO_ROOT } from './sst-platform.ts';

test('npm install-scripts finds no unreviewed install script, and the decisions are the documented ones', () => {
  const out = execFileSync('npm', ['install-scripts', 'ls'], { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' } });
  expect(out.trim()).toBe('No packages with unreviewed install scripts.');
  const { allowScripts } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { allowScripts: Record<string, boolean> };
  expect(allowScripts).toEqual({ esbuild: true, 'aws-sdk': false, 'classic-level': false, protobufjs: false, '@pulumi/command': false });
});
