/**
 * SST v3's platform (the `sst.aws.*` components, their types and the shims the CLI runs the app
 * with) is not published as an npm package: the CLI binary carries it as a Go `embed.FS`, stored
 * uncompressed. This copies it out of the `sst-linux-x64` binary that the `sst` devDependency
 * installs from the npm registry, into `.sst/platform` (where `sst install` would put it), so the
 * stacks can be type-checked and synthesised with no network and no AWS account.
 *
 * How: an embed.FS is a sorted table of {name, data, hash} entries (two Go strings and 16 bytes,
 * 48 bytes on amd64) in .rodata. We find one known file name, the table entry that points at it,
 * and walk the table both ways while the entries are well formed.
 *
 * Run: `npx tsx tests/infra/sst-platform.ts` (test:infra does it first; `npx sst install` writes
 * the same directory on a machine with network access).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const PLATFORM_DIR = join(REPO_ROOT, '.sst/platform');

const KNOWN_FILE = 'src/components/aws/function.ts';
const ENTRY_SIZE = 48;

interface Section { type: number; addr: number; offset: number; size: number }
interface EmbeddedFile { name: string; data: Buffer }

/** The binary the `sst` package installed for this machine (sst-linux-x64 and its siblings). */
export function findSstBinary(): string {
  const require = createRequire(join(REPO_ROOT, 'package.json'));
  const pkg = `sst-${process.platform}-${process.arch === 'x64' ? 'x64' : process.arch}`;
  try {
    return join(dirname(require.resolve(`${pkg}/package.json`)), 'bin/sst');
  } catch {
    throw new Error(`The SST binary package ${pkg} is not installed (npm install installs it with the sst devDependency).`);
  }
}

function elfSections(buf: Buffer): Section[] {
  if (buf.readUInt32BE(0) !== 0x7f454c46 || buf[4] !== 2) throw new Error('Not a 64-bit ELF binary: only the Linux SST binary can be read.');
  const shoff = Number(buf.readBigUInt64LE(0x28));
  const size = buf.readUInt16LE(0x3a);
  const count = buf.readUInt16LE(0x3c);
  return Array.from({ length: count }, (_, i) => {
    const at = shoff + i * size;
    return { type: buf.readUInt32LE(at + 4), addr: Number(buf.readBigUInt64LE(at + 0x10)), offset: Number(buf.readBigUInt64LE(at + 0x18)), size: Number(buf.readBigUInt64LE(at + 0x20)) };
  });
}

/** Every file of the embedded platform, read from the binary. */
export function readEmbeddedPlatform(binary: string): EmbeddedFile[] {
  const buf = readFileSync(binary);
  const sections = elfSections(buf).filter((s) => s.type === 1 && s.addr !== 0);
  const sectionAt = (offset: number) => sections.find((s) => offset >= s.offset && offset < s.offset + s.size);
  const rodata = sections.find((s) => s.offset <= buf.indexOf(Buffer.from(KNOWN_FILE)) && buf.indexOf(Buffer.from(KNOWN_FILE)) < s.offset + s.size);
  if (!rodata) throw new Error(`${KNOWN_FILE} is not in the SST binary: is this SST v3?`);
  const slice = (addr: number, len: number) => {
    if (addr < rodata.addr || addr + len > rodata.addr + rodata.size) return undefined;
    return buf.subarray(addr - rodata.addr + rodata.offset, addr - rodata.addr + rodata.offset + len);
  };
  const goString = (at: number) => slice(Number(buf.readBigUInt64LE(at)), Number(buf.readBigUInt64LE(at + 8)));
  const entryAt = (at: number): EmbeddedFile | undefined => {
    if (at < rodata.offset || at + ENTRY_SIZE > rodata.offset + rodata.size) return undefined;
    const nameLength = Number(buf.readBigUInt64LE(at + 8));
    if (nameLength === 0 || nameLength > 512) return undefined;
    const name = goString(at);
    const data = Number(buf.readBigUInt64LE(at + 24)) === 0 ? Buffer.alloc(0) : goString(at + 16);
    if (!name || !data || !/^[\x21-\x7e][\x20-\x7e]*$/.test(name.toString('latin1'))) return undefined;
    return { name: name.toString('utf8'), data };
  };

  // The table entry whose name is KNOWN_FILE: a pointer to that string followed by its length.
  let anchor = -1;
  for (let at = buf.indexOf(Buffer.from(KNOWN_FILE)); at >= 0 && anchor < 0; at = buf.indexOf(Buffer.from(KNOWN_FILE), at + 1)) {
    const section = sectionAt(at);
    if (!section) continue;
    const needle = Buffer.alloc(16);
    needle.writeBigUInt64LE(BigInt(at - section.offset + section.addr));
    needle.writeBigUInt64LE(BigInt(KNOWN_FILE.length), 8);
    anchor = buf.indexOf(needle, rodata.offset);
  }
  if (anchor < 0) throw new Error('The embedded file table was not found in the SST binary.');
  let first = anchor;
  while (entryAt(first - ENTRY_SIZE)) first -= ENTRY_SIZE;
  const files: EmbeddedFile[] = [];
  for (let at = first, entry = entryAt(at); entry; at += ENTRY_SIZE, entry = entryAt(at)) {
    if (!entry.name.endsWith('/')) files.push(entry);
  }
  return files;
}

/**
 * What `sst` writes as .sst/platform/config.d.ts for an app with only the AWS provider: the
 * platform's globals (`sst`, `$config`, `$interpolate`…) and `aws` as @pulumi/aws.
 */
const CONFIG_D_TS = `import "./src/global.d.ts";
import { AppInput, App, Config } from "./src/config";
import * as _aws from "@pulumi/aws";

declare global {
  // @ts-expect-error
  export import aws = _aws;
  interface Providers {
    providers?: { aws?: (_aws.ProviderArgs & { version?: string }) | boolean | string };
  }
  export const $config: (
    input: Omit<Config, "app"> & { app(input: AppInput): Omit<App, "providers"> & Providers },
  ) => Config;
}
`;

/** Extracts the platform unless `sst install` (or an earlier run for this SST version) already did. */
export function ensureSstPlatform(): { dir: string; files: number; extracted: boolean } {
  const binary = findSstBinary();
  const stamp = join(PLATFORM_DIR, '.extracted-from');
  const version = JSON.parse(readFileSync(join(dirname(binary), '../package.json'), 'utf8')).version as string;
  if (existsSync(join(PLATFORM_DIR, 'src/components/aws/function.ts')) && existsSync(join(PLATFORM_DIR, 'config.d.ts'))) {
    const from = existsSync(stamp) ? readFileSync(stamp, 'utf8') : 'sst install';
    if (from === 'sst install' || from === version) return { dir: PLATFORM_DIR, files: 0, extracted: false };
  }
  const files = readEmbeddedPlatform(binary);
  for (const file of files) {
    const target = join(PLATFORM_DIR, file.name);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, file.data);
  }
  writeFileSync(join(PLATFORM_DIR, 'config.d.ts'), CONFIG_D_TS);
  writeFileSync(stamp, version);
  return { dir: PLATFORM_DIR, files: files.length, extracted: true };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = ensureSstPlatform();
  console.log(result.extracted ? `SST platform: ${result.files} files written to ${result.dir}` : `SST platform already in ${result.dir}`);
}
