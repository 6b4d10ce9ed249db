// The hermes VM of hermes-engine-cli 0.12.0, the last Hermes published on its own: from npm the first
// time (`npm pack`, its integrity checked), then from node_modules/.cache. A Linux x64 binary.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const HERMES_PACKAGE = 'hermes-engine-cli@0.12.0';
/** The registry's integrity of hermes-engine-cli-0.12.0.tgz: the VM run is the one this test was written against. */
const HERMES_INTEGRITY =
  'sha512-72a5yvwSC2qWtxJ80nlcoCCfNTkpYI8VVAfOro4FL9O105NM8Vpigz/A5Nq1rECKdP7M1N81HHiYL6jU5N1gYw==';
const HERMES = join(ROOT, 'node_modules', '.cache', 'tengym-hermes', '0.12.0', 'hermes');
export const RUNS_HERE = process.platform === 'linux' && process.arch === 'x64';

/** The hermes VM, from npm's cache or the registry the first time. */
export function hermesVm(): string {
  if (existsSync(HERMES)) return HERMES;
  const dir = mkdtempSync(join(tmpdir(), 'tengym-hermes-'));
  try {
    const packed = JSON.parse(
      execFileSync('npm', ['pack', HERMES_PACKAGE, '--prefer-offline', '--json', '--pack-destination', dir], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }),
    ) as { filename: string }[];
    const tarball = join(dir, packed[0].filename);
    const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
    if (integrity !== HERMES_INTEGRITY)
      throw new Error(`${HERMES_PACKAGE}: integrity ${integrity}, expected ${HERMES_INTEGRITY}`);
    execFileSync('tar', ['-xzf', tarball, '-C', dir, 'package/linux64-bin/hermes']);
    const vm = join(dir, 'package', 'linux64-bin', 'hermes');
    chmodSync(vm, 0o755);
    mkdirSync(join(HERMES, '..'), { recursive: true });
    renameSync(vm, HERMES);
    return HERMES;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
