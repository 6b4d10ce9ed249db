/** The built `tengym` command as a user runs it, quiet (no backend line on stderr), and config files for it. */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

/** Runs `tengym ...args` (dist/cli/main.js) to its end: its exit code and output. */
export function tengym(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, TENGYM_QUIET: '1' },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Writes `config` as DIR/tiny.json for --config, and returns its path. */
export function configFile(dir: string, config: object): string {
  const file = join(dir, 'tiny.json');
  writeFileSync(file, JSON.stringify(config));
  return file;
}
